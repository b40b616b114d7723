/**
 * The rules of the alarm list table of spec §2, as pure functions (issue 9) so they are tested without a
 * browser: which columns a table type shows, which cells are links, when pagination shows, what a click
 * emits, how the alarm time reads, and the CSV export.
 *
 * Table types: 0 overview (every site: the site is a link), 1 one site, 2 and 3 one device or view where a
 * detail link is offered (type > 1); type 3 hides the device column (the device is the page's subject).
 */

import type { AlarmRow } from '@ems/contract/api/alarm';
import { JUST_NOW_SECONDS } from '@ems/contract/constants';
import { MISSING } from '../../../shared/format/quantity';
import { formatDateTime, toMillis } from '../../../shared/format/time';

/** Table type of spec §2 (see the file comment). */
export type AlarmTableType = 0 | 1 | 2 | 3;

/** Columns in display order. */
export type AlarmColumn =
  | 'alarmTime'
  | 'alarmDesc'
  | 'alarmCode'
  | 'alarmLevel'
  | 'device'
  | 'station'
  | 'detail';

/** What a click on a device, site or detail cell emits (spec §2). */
export interface AlarmOpenEvent {
  kind: 'device' | 'station' | 'log';
  deviceId: number | null;
  stationId: number;
  /** The alarm's date-time as the server gave it (site-local YYYY-MM-DD HH:mm:ss). */
  alarmDateTime: string;
}

/** The columns of a table type: the device column is hidden for type 3, the detail link shown above 1. */
export function alarmColumns(type: AlarmTableType): AlarmColumn[] {
  const cols: AlarmColumn[] = ['alarmTime', 'alarmDesc', 'alarmCode', 'alarmLevel'];
  if (type !== 3) cols.push('device');
  cols.push('station');
  if (type > 1) cols.push('detail');
  return cols;
}

/** Whether the site cell is a link: only for type 0. */
export function siteClickable(type: AlarmTableType): boolean {
  return type === 0;
}

/** Pagination appears only when there is something to page through (total > 0). */
export function showPagination(total: number): boolean {
  return total > 0;
}

/** The event a click on `kind` emits for `row`. */
export function alarmOpenEvent(kind: AlarmOpenEvent['kind'], row: AlarmRow): AlarmOpenEvent {
  return { kind, deviceId: row.deviceId, stationId: row.stationId, alarmDateTime: row.alarmDateTime };
}

/**
 * The alarm time as shown: "just now" under JUST_NOW_SECONDS (spec §9), else date and time in the site's
 * time zone. 10-digit numbers are seconds.
 */
export function alarmTimeText(
  ts: number | string | null | undefined,
  nowMs: number,
  locale: string,
  timeZone: string | undefined,
  justNow: string,
): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  if (Math.abs(nowMs - ms) < JUST_NOW_SECONDS * 1000) return justNow;
  try {
    return formatDateTime(ms, locale, timeZone);
  } catch {
    return formatDateTime(ms, locale);
  }
}

function csvCell(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  // Quote when needed, and defuse spreadsheet formulas (=, +, -, @ at the start).
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * CSV text of `rows` (header row first, CRLF line ends, UTF-8 BOM for spreadsheet apps); `headers` are the
 * translated column titles: time, end, description, code, level, device, site.
 */
export function alarmsCsv(
  rows: readonly AlarmRow[],
  headers: readonly string[],
  levelText: (level: number | null) => string,
  endText: (row: AlarmRow) => string,
): string {
  const lines = [headers.map(csvCell).join(',')];
  for (const r of rows)
    lines.push(
      [
        r.alarmDateTime,
        endText(r),
        r.alarmDesc,
        r.alarmCode,
        levelText(r.alarmLevel),
        r.deviceName,
        r.stationName,
      ]
        .map(csvCell)
        .join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
