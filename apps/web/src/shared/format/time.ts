/**
 * Times as the screens show them: relative ("just now" under JUST_NOW_SECONDS, spec §9) and absolute
 * in the site's or the browser's time zone. Timestamps may be ISO strings or epoch numbers; 10-digit
 * numbers are seconds (spec §9).
 */
import { JUST_NOW_SECONDS, SECONDS_TIMESTAMP_DIGITS } from '@ems/contract/constants';
import { MISSING } from './quantity';

/** ISO-8601 text or epoch seconds (10 digits) / milliseconds; null when unknown. */
export type Timestamp = string | number | null | undefined;

/** Epoch milliseconds of a timestamp, or null when missing or unreadable. */
export function toMillis(ts: Timestamp): number | null {
  if (ts === null || ts === undefined || ts === '') return null;
  if (typeof ts === 'number') {
    if (!Number.isFinite(ts)) return null;
    return String(Math.trunc(Math.abs(ts))).length <= SECONDS_TIMESTAMP_DIGITS ? ts * 1000 : ts;
  }
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? null : ms;
}

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * "just now", "5 minutes ago", "in 2 hours" in `locale`; past a week the date and time instead.
 * `justNow` is the translated phrase.
 */
export function formatRelative(ts: Timestamp, nowMs: number, locale: string, justNow: string): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  let value = (ms - nowMs) / 1000;
  if (Math.abs(value) < JUST_NOW_SECONDS) return justNow;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return rtf.format(Math.trunc(value), unit);
    value /= size;
  }
  return formatDateTime(ms, locale);
}

/**
 * Date and time, e.g. "Nov 21, 2026, 14:05" ("…, 14:05:09" with `seconds`), in `timeZone` (the
 * browser's when omitted).
 */
export function formatDateTime(ts: Timestamp, locale: string, timeZone?: string, seconds = false): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  const timeStyle = seconds ? 'medium' : 'short';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle, timeZone }).format(ms);
}

/** Hours and minutes, e.g. "14:05", in `timeZone` (the browser's when omitted). */
export function formatClock(ts: Timestamp, locale: string, timeZone?: string): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(ms);
}

/**
 * A point in time as "since …" reads it: the clock time when it is on the same local day as `nowMs`,
 * else date and time; in `timeZone` (the browser's when omitted).
 */
export function formatSince(ts: Timestamp, nowMs: number, locale: string, timeZone?: string): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return localDate(ms, zone) === localDate(nowMs, zone)
    ? formatClock(ms, locale, zone)
    : formatDateTime(ms, locale, zone);
}

/** The calendar date `YYYY-MM-DD` of `ms` in `timeZone` (what `searchDate` expects). */
export function localDate(ms: number, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(ms);
}
