/**
 * Times as the screens show them: relative ("just now" under JUST_NOW_SECONDS, spec §9) and absolute
 * in the site's or the browser's time zone. Timestamps may be ISO strings or epoch numbers; 10-digit
 * numbers are seconds (spec §9).
 *
 * One date and time format per language, everywhere (issue 24 item 8): a numeric date in the language's
 * order and a 24-hour clock, e.g. en-US "11/21/2026, 14:05", zh-CN "2026/11/21 14:05", pt-BR
 * "21/11/2026, 14:05", cs-CZ "21. 11. 2026 14:05". Date pickers show the same (pickerFormat).
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

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const WITH_SECONDS: Intl.DateTimeFormatOptions = { ...CLOCK, second: '2-digit' };

/** Formatters are costly to build and tables format many cells: one per language, zone and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/**
 * Date and time in the app's one format, e.g. "11/21/2026, 14:05" ("…, 14:05:09" with `seconds`), in
 * `timeZone` (the browser's when omitted). With `showZone` the zone's offset follows ("… GMT+8"), for
 * lists whose rows lie in different zones.
 */
export function formatDateTime(
  ts: Timestamp,
  locale: string,
  timeZone?: string,
  seconds = false,
  showZone = false,
): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  const text = formatter(locale, { ...DATE, ...(seconds ? WITH_SECONDS : CLOCK), timeZone }).format(ms);
  return showZone ? `${text} ${zoneOffsetName(ms, locale, timeZone)}` : text;
}

/** The offset name of `timeZone` at `ms`, e.g. "GMT+8" (languages may word it differently). */
export function zoneOffsetName(ms: number, locale: string, timeZone?: string): string {
  const parts = formatter(locale, { timeZoneName: 'shortOffset', timeZone }).formatToParts(ms);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** The date alone in the app's format, e.g. "11/21/2026", in `timeZone` (the browser's when omitted). */
export function formatDate(ts: Timestamp, locale: string, timeZone?: string): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  return formatter(locale, { ...DATE, timeZone }).format(ms);
}

/** Hours and minutes, e.g. "14:05" ("14:05:09" with `seconds`), in `timeZone` (the browser's when omitted). */
export function formatClock(ts: Timestamp, locale: string, timeZone?: string, seconds = false): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  return formatter(locale, { ...(seconds ? WITH_SECONDS : CLOCK), timeZone }).format(ms);
}

const PICKER_TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
  year: 'YYYY',
  month: 'MM',
  day: 'DD',
  hour: 'HH',
  minute: 'mm',
  second: 'ss',
};

const MONTH: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit' };

/**
 * The dayjs pattern of the app's date (and time, with `withTime`) format in `locale`, for antd date
 * pickers, so that a picker shows a date as the tables do: "MM/DD/YYYY" in en-US, "YYYY/MM/DD" in
 * zh-CN, "DD/MM/YYYY HH:mm" in pt-BR with time. With `month` the month alone: "MM/YYYY" in en-US,
 * "YYYY年MM月" in zh-CN (issue 34 item 1: not ISO's "2026-11").
 */
export function pickerFormat(locale: string, withTime = false, month = false): string {
  const sample = Date.UTC(2026, 10, 21, 13, 5, 9);
  const options = { ...(month ? MONTH : DATE), ...(withTime ? CLOCK : {}), timeZone: 'UTC' };
  return formatter(locale, options)
    .formatToParts(sample)
    .map((p) => PICKER_TOKENS[p.type] ?? (p.type === 'literal' ? `[${p.value}]` : ''))
    .join('');
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

const DURATION_UNITS: ReadonlyArray<[unit: 'day' | 'hour' | 'minute' | 'second', ms: number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/**
 * A length of time in its two largest units, in `locale`'s unit words: "2h 5min", "1d 3h", "45s"
 * (en-US), "2小时 5分钟" (zh-CN); under a second "0s". A dash for a missing or negative length.
 */
export function formatDuration(ms: number | null | undefined, locale: string): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return MISSING;
  const i = DURATION_UNITS.findIndex(([, size]) => ms >= size);
  if (i < 0) return unitText(0, 'second', locale);
  const [unit, size] = DURATION_UNITS[i]!;
  const n = Math.floor(ms / size);
  const next = DURATION_UNITS[i + 1];
  const m = next ? Math.floor((ms - n * size) / next[1]) : 0;
  return next && m > 0
    ? `${unitText(n, unit, locale)} ${unitText(m, next[0], locale)}`
    : unitText(n, unit, locale);
}

function unitText(n: number, unit: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(n);
}

/**
 * The `format` of an antd picker of kind `picker` in `locale`: the app's date format for day pickers,
 * the language's month format for month pickers ("MM/YYYY", "YYYY年MM月"), undefined (antd's YYYY) for
 * year pickers.
 */
export function dayPickerFormat(picker: string, locale: string): string | undefined {
  if (picker === 'date') return pickerFormat(locale);
  if (picker === 'month') return pickerFormat(locale, false, true);
  return undefined;
}

/**
 * A site-local calendar label as the server writes it (`YYYY-MM-DD` or `YYYY-MM`) in the app's format:
 * "11/21/2026", "11/2026" (en-US); any other label (a clock "14:00", a year) as it is.
 */
export function formatCalendarLabel(label: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(label);
  if (!m) return label;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1);
  const options: Intl.DateTimeFormatOptions = m[3] ? DATE : { year: 'numeric', month: '2-digit' };
  return formatter(locale, { ...options, timeZone: 'UTC' }).format(ms);
}
