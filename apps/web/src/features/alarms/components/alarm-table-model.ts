/**
 * The rules of the alarm list table of spec §2, as pure functions (issue 9) so they are tested without a
 * browser: which columns a list shows, which cells are links, when pagination shows, what a click
 * emits, how the alarm time reads, and the CSV export.
 *
 * Spec §2 gives the table a "type": the site is clickable only for type 0, the device column is hidden
 * for type 3 and the detail link shows above type 1. Read as issue 24 item 6 reads it: type 0 is an
 * overview of many sites (the top-bar dialog, /alarms: `overview`), and 3 and "above 1" are system types
 * (spec §1) of the alarms listed (`systemType`): power-and-environment sites (3) list no device column,
 * charging, other, storage and UPS lists (2, 3, 6, 7) a detail link. History lists add the cleared time
 * and the duration after the alarm time.
 */

import type { AlarmRow } from '@ems/contract/api/alarm';
import { JUST_NOW_SECONDS } from '@ems/contract/constants';
import { MISSING } from '../../../shared/format/quantity';
import { zoneDiffers } from '../../../shared/format/site-clock';
import { formatDateTime, toMillis } from '../../../shared/format/time';

/** What a list shows (see the file comment). */
export interface AlarmListScope {
  /** A list of many sites (spec type 0): the site cell is a link. */
  overview: boolean;
  /** System type of the listed alarms, when they have one (spec §1). */
  systemType?: number | undefined;
  /** Cleared alarms: adds the cleared time and the duration. */
  history: boolean;
}

/** Columns in display order. */
export type AlarmColumn =
  | 'alarmTime'
  | 'clearTime'
  | 'duration'
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

/**
 * The columns of a list in the spec's order: alarm time (then, in history, cleared time and duration),
 * description, code, level, device (not for system type 3), site, detail (system types above 1).
 */
export function alarmColumns(scope: AlarmListScope): AlarmColumn[] {
  const cols: AlarmColumn[] = ['alarmTime'];
  if (scope.history) cols.push('clearTime', 'duration');
  cols.push('alarmDesc', 'alarmCode', 'alarmLevel');
  if (scope.systemType !== 3) cols.push('device');
  cols.push('station');
  if (scope.systemType !== undefined && scope.systemType > 1) cols.push('detail');
  return cols;
}

/** The one system type all `rows` share, else undefined (a site's list: the site's type). */
export function sharedSystemType(rows: readonly AlarmRow[]): number | undefined {
  const types = new Set(rows.map((r) => r.systemType));
  return types.size === 1 ? rows[0]!.systemType : undefined;
}

/** Whether `rows` lie in more than one time zone: their times then name the zone. */
export function spansZones(rows: readonly AlarmRow[]): boolean {
  return new Set(rows.map((r) => r.timeZone)).size > 1;
}

/**
 * Whether the list's times carry their zone's offset (issue 34 item 1): when its rows span zones, or when
 * their one zone's clock reads differently from the viewer's (`viewerZone`, the browser's by default).
 */
export function namesZone(rows: readonly AlarmRow[], nowMs: number, viewerZone?: string): boolean {
  return (
    spansZones(rows) || rows.some((r) => zoneDiffers(toMillis(r.alarmTime) ?? nowMs, r.timeZone, viewerZone))
  );
}

/** How long an alarm lasted (ms): cleared minus raised; null while it is current. */
export function alarmDurationMs(row: AlarmRow): number | null {
  const start = toMillis(row.alarmTime);
  const end = toMillis(row.clearTime);
  return start === null || end === null ? null : end - start;
}

/** Whether the site cell is a link: only in an overview (spec type 0). */
export function siteClickable(scope: Pick<AlarmListScope, 'overview'>): boolean {
  return scope.overview;
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
 * time zone, followed by the zone's offset with `showZone` (lists spanning zones). 10-digit numbers are
 * seconds.
 */
export function alarmTimeText(
  ts: number | string | null | undefined,
  nowMs: number,
  locale: string,
  timeZone: string | undefined,
  justNow: string,
  showZone = false,
): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  if (Math.abs(nowMs - ms) < JUST_NOW_SECONDS * 1000) return justNow;
  try {
    return formatDateTime(ms, locale, timeZone, false, showZone);
  } catch {
    return formatDateTime(ms, locale, undefined, false, showZone);
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
