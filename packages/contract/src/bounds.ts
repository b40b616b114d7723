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
  return z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .refine((v) => v !== '' && v !== null && v !== undefined, { error: 'validation.required', abort: true })
    .pipe(
      z.coerce
        .number<string | number | null | undefined>({ error: message })
        .min(min, { error: message })
        .max(max, { error: message }),
    );
}

/** The latest instant a time filter may name: 2100-01-01T00:00:00Z, in Unix milliseconds. */
export const EPOCH_MS_MAX = 4_102_444_800_000;

/**
 * A point in time sent as Unix seconds (up to 10 digits, spec §9) or milliseconds, read as milliseconds;
 * 0 to EPOCH_MS_MAX. The one numeric field allowed past the int4 range: its input schema carries the
 * `epochTime` meta, which the contract-bounds suite probes against EPOCH_MS_MAX instead.
 */
export const epochTimeField = boundedInt(0, EPOCH_MS_MAX)
  .meta({ epochTime: true })
  .transform((v) => (String(v).length <= SECONDS_TIMESTAMP_DIGITS ? v * 1000 : v));

/** A database id: a whole number from 1 to INT32_MAX (ids past the int4 range would fail in SQL). */
export const idField = boundedInt(1, INT32_MAX, 'validation.number');

/** pageNum, from 1 (spec §9 "from page 1"). */
export const pageNumField = boundedInt(1, INT32_MAX);
/** pageSize: 1 to 200 rows (spec §9 alarm pages are 10). */
export const pageSizeField = boundedInt(1, 200);
