/**
 * Bounded building blocks of every request field (issue 6 §3): the one place that says how large an id,
 * a number or a piece of text may be. Every request schema of the contract is made of these (or of
 * enums, literals and patterns, which are bounded by nature); a test walks every route's schemas from
 * the running server and checks that each field refuses overflow, NUL, lone surrogates and non-finite
 * numbers, so a field written without them fails CI.
 */
import { z } from 'zod';
import { SECONDS_TIMESTAMP_DIGITS } from './constants';

/** Largest value of a PostgreSQL `integer` (int4): every id and count column. */
export const INT32_MAX = 2_147_483_647;
/** Longest free text any request field may carry unless it states less (characters). */
export const TEXT_MAX = 4096;

// A lone high or low surrogate, NUL and the other C0 controls but tab, LF and CR, and DEL.
const UNSAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters.
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * True when `v` is text the platform stores and shows back unchanged: well-formed UTF-16 (no lone
 * surrogate, which PostgreSQL cannot store as UTF-8) and no NUL or other C0 control characters except tab,
 * line feed and carriage return.
 */
export function isSafeText(v: string): boolean {
  return !UNSAFE_TEXT.test(v);
}

/**
 * A string of at most `max` characters (default TEXT_MAX, after trimming when `trim`) that passes isSafeText. Over-long text fails
 * with `validation.length` ({min}..{max} from the schema), unsafe characters with `common.illegalInput`.
 */
export function safeString(max: number = TEXT_MAX, opts: { trim?: boolean } = {}) {
  const base = z.string({ error: 'common.illegalInput' });
  return (opts.trim ? base.trim() : base)
    .max(max, { error: 'validation.length' })
    .refine(isSafeText, { error: 'common.illegalInput' });
}

/**
 * A whole number in `[min, max]`, coerced from a query string or JSON number; NaN, ±Infinity, fractions
 * and out-of-range values fail with `message` (default 非法输入).
 */
export function boundedInt(min: number, max: number, message = 'common.illegalInput') {
  return z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, {
    error: message,
  });
}

/**
 * A finite number in `[min, max]` in the field's physical unit (W, kWh, %, °…), coerced from a query
 * string or JSON number; NaN and ±Infinity always fail.
 */
export function boundedNumber(min: number, max: number, message = 'common.illegalInput') {
  return z.coerce.number({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/**
 * A number that cannot be empty (spec §5 "Cannot be empty: … longitude, latitude"): missing, null and ''
 * fail with `validation.required` (coercion would read '' and null as 0), anything else as boundedNumber.
 */
export function requiredNumber(min: number, max: number, message = 'common.illegalInput') {
  // Not optional, so the OpenAPI document calls it required as validation does; a missing key fails the
  // union with `undefined` as its input.
  return z
    .union([z.number(), z.string(), z.null()], {
      error: (issue) => (issue.input === undefined ? 'validation.required' : message),
    })
    .refine((v) => v !== '' && v !== null, { error: 'validation.required', abort: true })
    .pipe(
      z.coerce
        .number<string | number | null>({ error: message })
        .min(min, { error: message })
        .max(max, { error: message }),
    );
}

/**
 * The calendar the product covers (issue 19 §1): every date and time a call names lies in
 * DATE_MIN..DATE_MAX (local dates) or EPOCH_MS_MIN..EPOCH_MS_MAX (instants). Outside it a call answers
 * "data out of range" (spec §5) before any work, so no loop or query ever walks to year 9999.
 */
export const DATE_MIN = '2000-01-01';
/** Last local day a call may name (inclusive). */
export const DATE_MAX = '2100-12-31';
/** The first instant a time field may name: 2000-01-01T00:00:00Z, Unix milliseconds. */
export const EPOCH_MS_MIN = Date.UTC(2000, 0, 1);
/** The last instant a time field may name: 2100-12-31T23:59:59.999Z, Unix milliseconds. */
export const EPOCH_MS_MAX = Date.UTC(2101, 0, 1) - 1;

/** True when `v` (YYYY-MM-DD) names a real calendar day (no 2026-13-45, no 2026-02-29). */
function isCalendarDate(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A local calendar date `YYYY-MM-DD` (cut in the site's time zone): a malformed or unreal day fails with
 * `validation.date`, a real one outside DATE_MIN..DATE_MAX with `common.outOfRange`. Carries the
 * `calendarDate` meta, by which the hostile-input suite gives every such field its edges.
 */
export const localDateField = safeString(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine((v) => v >= DATE_MIN && v <= DATE_MAX, { error: 'common.outOfRange', abort: true })
  .refine(isCalendarDate, { error: 'validation.date' })
  .meta({ calendarDate: true });

/**
 * A point in time sent as Unix seconds (up to 10 digits, spec §9) or milliseconds, read as milliseconds;
 * a negative, fractional or int-overflowing number is 非法输入, an instant outside
 * EPOCH_MS_MIN..EPOCH_MS_MAX "data out of range". The one numeric field allowed past the int4 range: its
 * input schema carries the `epochTime` meta, which the contract-bounds suite probes against
 * EPOCH_MS_MAX and the hostile-input suite against the calendar's edges.
 */
export const epochTimeField = boundedInt(0, Number.MAX_SAFE_INTEGER)
  .meta({ epochTime: true })
  .transform((v) => (String(v).length <= SECONDS_TIMESTAMP_DIGITS ? v * 1000 : v))
  .refine((v) => v >= EPOCH_MS_MIN && v <= EPOCH_MS_MAX, { error: 'common.outOfRange' });

/** Days from `from` to `to` (both `YYYY-MM-DD`), negative when `to` is earlier. */
export function daysFrom(from: string, to: string): number {
  const at = (v: string) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((at(to) - at(from)) / 86_400_000);
}

/** One span of a request: the names of its first and last fields and its longest length in days. */
export interface SpanRule {
  from: string;
  to: string;
  /** Longest span in days from `from` to `to` (0: the same day only). */
  maxDays: number;
  /** `date`: both fields are localDateField; `epoch`: both are epochTimeField. */
  kind: 'date' | 'epoch';
}

/**
 * Adds span rules to a request schema: where both fields are given, `to` before `from` (a reversed span)
 * or a span longer than `maxDays` fails with `common.outOfRange` on the `to` field. The rules are kept
 * as the schema's `spans` meta, so the hostile-input suite sends every span its reversed and over-long
 * forms without a list of its own.
 */
export function withSpans<T extends z.ZodObject>(schema: T, spans: readonly SpanRule[]) {
  const length = (rule: SpanRule, a: unknown, b: unknown) =>
    rule.kind === 'date' ? daysFrom(a as string, b as string) : ((b as number) - (a as number)) / 86_400_000;
  return schema
    .superRefine((v: Record<string, unknown>, ctx) => {
      for (const rule of spans) {
        const a = v[rule.from];
        const b = v[rule.to];
        if (a === undefined || b === undefined || a === null || b === null) continue;
        const days = length(rule, a, b);
        if (days < 0 || days > rule.maxDays) {
          ctx.addIssue({ code: 'custom', message: 'common.outOfRange', path: [rule.to] });
        }
      }
    })
    .meta({ spans });
}

/** A database id: a whole number from 1 to INT32_MAX (ids past the int4 range would fail in SQL). */
export const idField = boundedInt(1, INT32_MAX, 'validation.number');

/** pageNum, from 1 (spec §9 "from page 1"). */
export const pageNumField = boundedInt(1, INT32_MAX);
/** pageSize: 1 to 200 rows (spec §9 alarm pages are 10). */
export const pageSizeField = boundedInt(1, 200);
