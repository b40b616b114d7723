/**
 * Malformed requests derived from a route's own schemas (issue 6 §4): for every field the route declares,
 * wrong types, boundary and overflow numbers, huge and hostile strings; for the whole request, missing and
 * extra fields, bad JSON, a wrong content type, a broken multipart body, and the route's path reached
 * through percent-encoded and doubled slashes. Bounded and deterministic (fast-check with a fixed seed).
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { RouteEntry } from '../http/route-catalogue';

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

/** A plausible value of a field by its name: ids name a record of the caller's (`ids.stationId` etc.). */
function plausible(key: string, ids: Record<string, number>): unknown {
  if (key in ids) return ids[key];
  if (/Ids$/.test(key)) return [ids[key.replace(/s$/, '')] ?? 1];
  if (/Id$/.test(key)) return 1;
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
  for (const key of Object.keys(shape)) base[key] = plausible(key, ids);

  const out: Variant[] = [];
  const send = (name: string, input: Record<string, unknown>) =>
    out.push(
      hasBody ? { name, method, url: path, payload: input } : { name, method, url: path, query: input },
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
