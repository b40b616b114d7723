/**
 * Calendar arithmetic in a site's IANA time zone with Intl only (ARCHITECTURE.md: days, months and
 * years are cut in the site's own zone). Instants are epoch milliseconds (UTC); a "wall" value is the
 * same local clock reading encoded as if it were UTC (Date.UTC of the local fields).
 */

/** Local calendar fields of an instant in a zone (month 1–12). */
export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Local calendar fields of `instant` in `timeZone`. @throws RangeError for an unknown zone. */
export function localParts(instant: number, timeZone: string): LocalParts {
  const out: LocalParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type in out) out[p.type as keyof LocalParts] = Number(p.value);
  }
  return out;
}

/** Offset of `timeZone` from UTC at `instant`, in ms (Berlin in summer: +7,200,000). */
export function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** "+01:00" style text of an offset in minutes. */
export function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** The UTC offset of `timeZone` at `instant` as "+02:00". */
export function offsetText(instant: number, timeZone: string): string {
  return formatOffset(Math.round(offsetAt(instant, timeZone) / 60_000));
}

/** `YYYY-MM-DD HH:mm:ss +02:00`: the local time of `instant` in `timeZone` with its UTC offset. */
export function localStamp(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatLocalDate(p.year, p.month, p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)} ${offsetText(instant, timeZone)}`;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which the local clock of `timeZone` reads `wall`. An ambiguous reading (clocks set
 * back) gives the earlier instant; a reading skipped by a spring-forward gap gives the instant the
 * gap ends, so a day whose midnight does not exist starts when its first local time does.
 */
export function wallToInstant(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter((t) => offsetAt(t, timeZone) === wall - t);
  if (candidates.length > 0) return Math.min(...candidates);
  return wall - before;
}

/** A local date `YYYY-MM-DD` as numbers, or null when it is not a real calendar date. */
export function parseLocalDate(date: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Formats calendar fields as `YYYY-MM-DD`. */
export function formatLocalDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's local date `YYYY-MM-DD` in `timeZone` at `now`. */
export function localToday(timeZone: string, now: number = Date.now()): string {
  const p = localParts(now, timeZone);
  return formatLocalDate(p.year, p.month, p.day);
}

// Issue 12 (powerroll): local midnights memoised per zone and day; each costs ~5 Intl calls and a
// line or statistics call asks for up to a few hundred of them. Cleared when it grows large.
const midnights = new Map<string, number>();

/** Start instant of the local calendar day (year, month 1–12, day) in `timeZone`; days may overflow. */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const key = `${timeZone}|${wall}`;
  let start = midnights.get(key);
  if (start === undefined) {
    if (midnights.size >= 50_000) midnights.clear();
    start = wallToInstant(wall, timeZone);
    midnights.set(key, start);
  }
  return start;
}

/** Start of the local day containing `instant`. */
export function startOfDayAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  return startOfLocalDay(p.year, p.month, p.day, timeZone);
}

/** Longest run of days any calendar walk may take: the product's calendar (2000–2100) and a day more. */
export const MAX_CALENDAR_DAYS = 36_891;

/** Whole days from local date `from` to `to` (`YYYY-MM-DD`), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = parseLocalDate(from);
  const b = parseLocalDate(to);
  if (!a || !b) throw new RangeError(`not a local date: ${a ? to : from}`);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/** The local date `n` days after `day` (`YYYY-MM-DD`; `n` may be negative). */
export function addDays(day: string, n: number): string {
  const p = parseLocalDate(day);
  if (!p) throw new RangeError(`not a local date: ${day}`);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + n));
  return formatLocalDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The day after `day` (`YYYY-MM-DD`). */
export const nextDay = (day: string): string => addDays(day, 1);

/**
 * Every local date from `from` to `to`, both included (issue 19 §1): the walk counts its days first, so
 * it ends by construction (string comparison stops sorting past year 9999). Empty when `to` is earlier.
 * @throws RangeError for a run longer than MAX_CALENDAR_DAYS (a caller's bounds missed a span).
 */
export function datesBetween(from: string, to: string): string[] {
  const n = daysBetween(from, to) + 1;
  if (n > MAX_CALENDAR_DAYS) throw new RangeError(`span of ${n} days from ${from} to ${to}`);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(from, i));
}
