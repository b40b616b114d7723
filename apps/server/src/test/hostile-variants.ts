/**
 * Malformed requests derived from a route's own schemas (issue 6 §4): for every field the route declares,
 * wrong types, boundary and overflow numbers, huge and hostile strings; for the whole request, missing and
 * extra fields, bad JSON, a wrong content type, a broken multipart body, and the route's path reached
 * through percent-encoded and doubled slashes. Bounded and deterministic (fast-check with a fixed seed).
 */
import { DATE_MAX, DATE_MIN, EPOCH_MS_MAX, EPOCH_MS_MIN, type SpanRule } from '@ems/contract/bounds';
import fc from 'fast-check';
import { z } from 'zod';
import type { RouteEntry } from '../http/route-catalogue';
import { inputOf } from './schema-input';

/** One request to send: everything light-my-request's inject needs. */
export interface Variant {
  /** What this variant tries, for the failure message. */
  name: string;
  method: string;
  url: string;
  query?: Record<string, unknown>;
  /** A JSON value (sent as application/json) or a raw string/Buffer sent with `contentType`. */
  payload?: unknown;
  contentType?: string;
  /**
   * What the route must answer to this variant, when it is told by the variant itself: `outOfRange`
   * (a date, time or span past the calendar's edges: "data out of range" naming `field`) or `inRange` (an
   * edge the calendar allows: anything but out of range for `field`).
   */
  expect?: { answer: 'outOfRange' | 'inRange'; field: string };
}

/** Values that break a number field: overflow of int4 and of float64, NaN, signs, fractions. */
const HOSTILE_NUMBERS: unknown[] = [
  -1,
  0,
  0.5,
  2_147_483_648,
  '9007199254740993',
  1e308,
  -1e308,
  'NaN',
  'Infinity',
  '1e999',
];
/** Values that break a text field: empty, 100k chars, NUL, lone surrogates, markup, SQL, traversal. */
const HOSTILE_STRINGS: unknown[] = [
  '',
  'x'.repeat(100_000),
  'a\u0000b',
  '\ud800',
  'z\udc00',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../etc/passwd',
  '%00%ff',
  '😀'.repeat(50),
];
/** Values of the wrong JSON type for any field. */
const WRONG_TYPES: unknown[] = [null, true, {}, [], [[1]], { $ne: 1 }];

/** The object schema of a route part (querystring, body, params), unwrapped; null when it has none. */
function objectShape(schema: unknown): Record<string, z.ZodType> | null {
  let node = schema as z.ZodType | undefined;
  for (let i = 0; node && i < 8; i += 1) {
    if (node instanceof z.ZodObject) return node.shape as Record<string, z.ZodType>;
    if (node instanceof z.ZodPipe) node = node.in as z.ZodType;
    else if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) {
      node = node.unwrap() as z.ZodType;
    } else return null;
  }
  return null;
}

/** Which calendar building block of the contract a field is (bounds.ts), by its meta; null for others. */
function calendarKind(field: z.ZodType | undefined): 'date' | 'epoch' | null {
  const meta = field ? inputOf(field).meta() : undefined;
  return meta?.calendarDate ? 'date' : meta?.epochTime ? 'epoch' : null;
}

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of a UTC day number (ms). */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** A value of a calendar field `days` days after `date`, in the field's own form. */
const calendarValue = (kind: 'date' | 'epoch', date: string, days = 0) =>
  kind === 'date' ? isoDay(dayMs(date) + days * DAY_MS) : dayMs(date) + days * DAY_MS;

/**
 * The edges of a calendar field (issue 19 §1): first and last allowed, one past each, year 9999 and
 * year 0, each with the answer the route must give. Epoch fields also get their last millisecond and
 * 10-digit seconds (spec §9) on both sides of the edges.
 */
function calendarEdges(kind: 'date' | 'epoch'): { value: unknown; answer: 'outOfRange' | 'inRange' }[] {
  if (kind === 'date') {
    return [
      { value: DATE_MIN, answer: 'inRange' },
      { value: DATE_MAX, answer: 'inRange' },
      { value: calendarValue('date', DATE_MIN, -1), answer: 'outOfRange' },
      { value: calendarValue('date', DATE_MAX, 1), answer: 'outOfRange' },
      { value: '9999-12-31', answer: 'outOfRange' },
      { value: '0000-01-01', answer: 'outOfRange' },
    ];
  }
  return [
    { value: EPOCH_MS_MIN, answer: 'inRange' },
    { value: EPOCH_MS_MAX, answer: 'inRange' },
    { value: EPOCH_MS_MIN - 1, answer: 'outOfRange' },
    { value: EPOCH_MS_MAX + 1, answer: 'outOfRange' },
    { value: Math.floor(EPOCH_MS_MIN / 1000) + 86_400 * 365 * 2, answer: 'inRange' },
    { value: 9_999_999_999, answer: 'outOfRange' },
    { value: Date.UTC(9999, 11, 31), answer: 'outOfRange' },
    { value: 0, answer: 'outOfRange' },
  ];
}

/**
 * The values a mode field takes (statisticsType and the like: a whole number field that accepts a few of
 * 0–9, at most six of them), so that each calendar edge is tried in every mode: a year report walks other loops than a day's.
 */
function modeValues(field: z.ZodType): number[] | null {
  const accepted = Array.from({ length: 10 }, (_, i) => i).filter((n) => field.safeParse(n).success);
  return accepted.length > 1 && accepted.length <= 6 ? accepted : null;
}

/** The span rules a request schema declares (bounds.ts withSpans), found on it or a wrapper of it. */
function spansOf(schema: unknown): readonly SpanRule[] {
  let node = schema as z.ZodType | undefined;
  for (let i = 0; node && i < 8; i += 1) {
    const spans = node.meta()?.spans as readonly SpanRule[] | undefined;
    if (spans) return spans;
    if (node instanceof z.ZodPipe) node = node.in as z.ZodType;
    else if (node instanceof z.ZodOptional || node instanceof z.ZodDefault) node = node.unwrap() as z.ZodType;
    else return [];
  }
  return [];
}

/**
 * A span's edge cases: reversed by a day, the longest allowed and a day longer (when that still lies in
 * the calendar), starting from DATE_MIN so the longest spans fit.
 */
function spanEdges(rule: SpanRule): { from: unknown; to: unknown; answer: 'outOfRange' | 'inRange' }[] {
  const start = '2026-01-15';
  const out: { from: unknown; to: unknown; answer: 'outOfRange' | 'inRange' }[] = [
    {
      from: calendarValue(rule.kind, start),
      to: calendarValue(rule.kind, start, -1),
      answer: 'outOfRange',
    },
  ];
  const room = (dayMs(DATE_MAX) - dayMs(DATE_MIN)) / DAY_MS;
  if (rule.maxDays <= room) {
    out.push({
      from: calendarValue(rule.kind, DATE_MIN),
      to: calendarValue(rule.kind, DATE_MIN, rule.maxDays),
      answer: 'inRange',
    });
  }
  if (rule.maxDays + 1 <= room) {
    out.push({
      from: calendarValue(rule.kind, DATE_MIN),
      to: calendarValue(rule.kind, DATE_MIN, rule.maxDays + 1),
      answer: 'outOfRange',
    });
  }
  return out;
}

/** Values tried, in order, for a field no rule below names: the first the field's schema accepts is used. */
const PLAUSIBLE_VALUES: unknown[] = [
  1,
  2,
  'true',
  5,
  100,
  'ab',
  'Ab1_x',
  'a@b.cn',
  'Europe/Berlin',
  'https://a.example',
];

/**
 * A plausible value of a field: ids name a record of the caller's (`ids.stationId` etc.), calendar fields
 * a day in 2026, enums their first option, others the first of PLAUSIBLE_VALUES their schema accepts, so
 * that a variant changing one field fails, if at all, on that field.
 */
function plausible(key: string, ids: Record<string, number>, field?: z.ZodType): unknown {
  const calendar = calendarKind(field);
  if (calendar) return calendarValue(calendar, '2026-01-15');
  if (key in ids) return ids[key];
  if (/Ids$/.test(key)) return [ids[key.replace(/s$/, '')] ?? 1];
  if (/Id$/.test(key)) return 1;
  const input = field ? inputOf(field) : undefined;
  if (input instanceof z.ZodEnum) return input.options[0];
  const accepted = field ? PLAUSIBLE_VALUES.find((v) => field.safeParse(v).success) : undefined;
  if (accepted !== undefined) return accepted;
  if (/date/i.test(key)) return '2026-01-15';
  if (/type/i.test(key)) return 1;
  return 'ab';
}

/** Route URL with its `:param` segments filled in. */
function fillPath(url: string, ids: Record<string, number>): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => String(ids[name] ?? 1));
}

/** Paths that reach the route by other spellings: a percent-encoded letter, doubled slashes, a bad escape. */
function pathVariants(path: string): string[] {
  const encoded = path.replace('/owner_api', '/%6fwner_api');
  return [
    encoded,
    `/${path}`,
    path.replace('/owner_api/', '/owner_api//'),
    path.replace(/\/([a-z])/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    `${path}%`,
    `${path}/%E0%A4%A`,
    `${path}%00`,
    `${path}/${'a'.repeat(300)}`,
  ];
}

/**
 * Every variant of one route. `ids` fills fields and path parameters named after records the signed-in
 * caller owns; `seed` fixes fast-check's random strings and JSON values, so a failure replays.
 */
export function variantsOf(
  route: RouteEntry,
  method: string,
  ids: Record<string, number>,
  seed: number,
): Variant[] {
  const path = fillPath(route.url, ids);
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const shape = objectShape(hasBody ? schema.body : schema.querystring) ?? {};
  const base: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) base[key] = plausible(key, ids, field);

  const out: Variant[] = [];
  const send = (name: string, input: Record<string, unknown>, expect?: Variant['expect']) =>
    out.push(
      hasBody
        ? { name, method, url: path, payload: input, expect }
        : { name, method, url: path, query: input, expect },
    );

  send('plausible', base);
  send('empty', {});
  send('extra fields', {
    ...base,
    __proto__: { admin: true },
    constructor: { prototype: 1 },
    zzz: 'x'.repeat(5000),
  });

  const fuzz = fc.sample(
    fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.jsonValue({ maxDepth: 3 })),
    {
      numRuns: 4,
      seed,
    },
  );
  for (const key of Object.keys(shape)) {
    for (const value of [...WRONG_TYPES, ...HOSTILE_NUMBERS, ...HOSTILE_STRINGS, ...fuzz]) {
      send(`${key}=${String(JSON.stringify(value)).slice(0, 40)}`, { ...base, [key]: value });
    }
  }
  // Issue 19 §1: every calendar field at its edges and every span reversed and over-long, once as the
  // plausible request and once per value of each mode field (one mode field at a time).
  const spans = spansOf(hasBody ? schema.body : schema.querystring);
  const modes: Record<string, unknown>[] = [{}];
  for (const [key, field] of Object.entries(shape)) {
    const values = calendarKind(field) ? null : modeValues(field);
    for (const v of values ?? []) modes.push({ [key]: v });
  }
  for (const mode of modes) {
    const label = Object.entries(mode)
      .map(([k, v]) => ` ${k}:${v}`)
      .join('');
    for (const [key, field] of Object.entries(shape)) {
      const kind = calendarKind(field);
      if (!kind) continue;
      // Alone: the other end of its span is left out, so the edge is not also a reversed span.
      const alone: Record<string, unknown> = { ...base, ...mode };
      for (const rule of spans) {
        if (rule.from === key) delete alone[rule.to];
        if (rule.to === key) delete alone[rule.from];
      }
      for (const edge of calendarEdges(kind)) {
        send(
          `${key}=${edge.value} (edge${label})`,
          { ...alone, [key]: edge.value },
          {
            answer: edge.answer,
            field: key,
          },
        );
      }
    }
    for (const rule of spans) {
      for (const edge of spanEdges(rule)) {
        send(
          `${rule.from}=${edge.from} ${rule.to}=${edge.to} (span${label})`,
          { ...base, ...mode, [rule.from]: edge.from, [rule.to]: edge.to },
          { answer: edge.answer, field: rule.to },
        );
      }
    }
  }
  if (hasBody) {
    out.push({ name: 'bad JSON', method, url: path, payload: '{"a":', contentType: 'application/json' });
    out.push({ name: 'JSON array', method, url: path, payload: '[1,2,3]', contentType: 'application/json' });
    out.push({ name: 'text/plain', method, url: path, payload: 'hello', contentType: 'text/plain' });
    out.push({ name: 'xml', method, url: path, payload: '<a/>', contentType: 'application/xml' });
    out.push({
      name: 'broken multipart',
      method,
      url: path,
      payload: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      contentType: 'multipart/form-data; boundary=XyZ',
    });
    out.push({
      name: 'multipart without boundary',
      method,
      url: path,
      payload: 'abc',
      contentType: 'multipart/form-data',
    });
    out.push({
      name: 'body too large',
      method,
      url: path,
      payload: `{"a":"${'x'.repeat(1_100_000)}"}`,
      contentType: 'application/json',
    });
  }
  for (const p of pathVariants(path))
    out.push({
      name: `path ${p.slice(0, 60)}`,
      method,
      url: p,
      query: hasBody ? undefined : base,
      payload: hasBody ? base : undefined,
    });
  return out;
}
