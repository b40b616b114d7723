/**
 * When a report rule is due and which period it reports (issue 20 §5): daily at the rule's push time for
 * the previous local day, weekly on Monday for the previous Monday–Sunday, monthly on the 1st for the
 * previous month, in the user's time zone, across DST (a push time the clocks skip is sent as much later
 * as they jumped, 02:30 as 03:30; one they repeat at its first occurrence). Pure functions.
 */
import type { PushPeriod } from '@ems/contract/api/push';
import { addDays, formatLocalDate, localParts, wallToInstant } from '../../shared/zoned-time';

/** The period a push covers: its key (unique per rule), first and last local day. */
export interface ReportPeriod {
  /** `2026-11-24` (day), `2026-11-16/2026-11-22` (week), `2026-10` (month). */
  key: string;
  from: string;
  to: string;
}

/** The instant of local `date` at `hhmm` in `timeZone`. */
function at(date: string, hhmm: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  return wallToInstant(Date.UTC(y, m - 1, d, hh, mm), timeZone);
}

/** The day of the week of a local date, Monday 0 … Sunday 6. */
const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The local date of the period start whose push is the latest at or before `now`. */
function lastDueDate(period: PushPeriod, pushTime: string, timeZone: string, now: number): string {
  const p = localParts(now, timeZone);
  const today = formatLocalDate(p.year, p.month, p.day);
  const candidate =
    period === 'day'
      ? today
      : period === 'week'
        ? addDays(today, -weekday(today))
        : formatLocalDate(p.year, p.month, 1);
  if (at(candidate, pushTime, timeZone) <= now) return candidate;
  if (period === 'day') return addDays(candidate, -1);
  if (period === 'week') return addDays(candidate, -7);
  return p.month === 1 ? formatLocalDate(p.year - 1, 12, 1) : formatLocalDate(p.year, p.month - 1, 1);
}

/**
 * The latest push of a rule at or before `now`: when it was due and the period it reports.
 */
export function lastDue(
  period: PushPeriod,
  pushTime: string,
  timeZone: string,
  now: number,
): { dueAt: number; period: ReportPeriod } {
  const dueDate = lastDueDate(period, pushTime, timeZone, now);
  const dueAt = at(dueDate, pushTime, timeZone);
  if (period === 'day') {
    const day = addDays(dueDate, -1);
    return { dueAt, period: { key: day, from: day, to: day } };
  }
  if (period === 'week') {
    const from = addDays(dueDate, -7);
    const to = addDays(dueDate, -1);
    return { dueAt, period: { key: `${from}/${to}`, from, to } };
  }
  const to = addDays(dueDate, -1);
  const from = `${to.slice(0, 7)}-01`;
  return { dueAt, period: { key: to.slice(0, 7), from, to } };
}
