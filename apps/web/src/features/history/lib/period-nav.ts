/**
 * Calendar steps of the station history (UX.md "Station, history"): Day | Month | Year | Total,
 * ‹ › arrows and "today". Dates are site-local `YYYY-MM-DD` strings; the arithmetic is on the
 * calendar only (no clock), so DST never shifts a day.
 */

/** statisticsType of spec §3: 1 day, 2 month, 3 year, 4 total. */
export type Period = 1 | 2 | 3 | 4;

/** All periods in switch order. */
export const PERIODS: readonly Period[] = [1, 2, 3, 4];

const pad = (n: number) => String(n).padStart(2, '0');

function parts(date: string): { y: number; m: number; d: number } {
  const [y, m, d] = date.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
}

function daysIn(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** `YYYY-MM-DD` from calendar parts, month overflow carried into the year. */
function format(y: number, m: number, d: number): string {
  const when = new Date(Date.UTC(y, m - 1, d));
  return `${when.getUTCFullYear()}-${pad(when.getUTCMonth() + 1)}-${pad(when.getUTCDate())}`;
}

/** Parses a period query value ("1".."4"); anything else is Day. */
export function periodParam(raw: string | null): Period {
  const n = Number(raw);
  return n === 2 || n === 3 || n === 4 ? n : 1;
}

/** Whether `raw` is a calendar date `YYYY-MM-DD`. */
export function isLocalDate(raw: string | null): raw is string {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return false;
  const { y, m, d } = parts(raw);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
}

/** First day of the period holding `date` (the day itself, its month's 1st, its year's 1 January). */
export function periodStart(period: Period, date: string): string {
  const { y, m, d } = parts(date);
  if (period === 1) return format(y, m, d);
  if (period === 2) return format(y, m, 1);
  return format(y, 1, 1);
}

/** Last day of the period holding `date`. */
export function periodEnd(period: Period, date: string): string {
  const { y, m, d } = parts(date);
  if (period === 1) return format(y, m, d);
  if (period === 2) return format(y, m, daysIn(y, m));
  return format(y, 12, 31);
}

/**
 * Moves `date` by `step` periods; a month step keeps the day where the target month has it and
 * otherwise takes its last day (31 March − 1 month = 28/29 February). Total does not move.
 */
export function shiftPeriod(period: Period, date: string, step: number): string {
  const { y, m, d } = parts(date);
  if (period === 1) return format(y, m, d + step);
  if (period === 2) {
    const target = new Date(Date.UTC(y, m - 1 + step, 1));
    const ty = target.getUTCFullYear();
    const tm = target.getUTCMonth() + 1;
    return format(ty, tm, Math.min(d, daysIn(ty, tm)));
  }
  if (period === 3) return format(y + step, m, Math.min(d, daysIn(y + step, m)));
  return date;
}

/** › is allowed while the next period starts on or before today. */
export function canGoForward(period: Period, date: string, today: string): boolean {
  if (period === 4) return false;
  return periodStart(period, shiftPeriod(period, date, 1)) <= today;
}

/** ‹ is allowed while the previous period ends on or after the site's first data day (null: unknown, allowed). */
export function canGoBack(period: Period, date: string, firstDay: string | null): boolean {
  if (period === 4) return false;
  if (firstDay === null) return true;
  return periodEnd(period, shiftPeriod(period, date, -1)) >= firstDay;
}

/** A date never lies after today: later dates are pulled back to today. */
export function clampToToday(date: string, today: string): string {
  return date > today ? today : date;
}
