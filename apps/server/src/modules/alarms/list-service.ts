/**
 * Alarm lists of spec §2/§7 (issue 9): current/list, history/list, the counters of the alarm page and
 * current/count's per-station variant. Only alarms of stations the caller may view (access/station-access.ts);
 * descriptions of catalogue codes are given in the caller's language.
 */
import type { AlarmListQuery, AlarmPage, AlarmRow, AlarmSummary } from '@ems/contract/api/alarm';
import { ALARM_PAGE_SIZE, type LanguageCode } from '@ems/contract/constants';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';
import {
  accessibleStationIds,
  requireDeviceOfStation,
  requireStationsAccess,
} from '../access/station-access';
import { codesDescribedAs, lookupAlarm } from './catalog';
import { type AlarmDbRow, alarmSummary, listAlarms } from './repo';

/**
 * The stations a list covers: the named ones (stationIds and/or stationId, each checked), else every
 * visible station; narrowed to `systemType` when given.
 * @throws AppError noPermission when a named station or device is not the caller's (or does not exist).
 */
export async function scopeStations(
  db: DbHandle,
  user: SessionUser,
  q: Pick<AlarmListQuery, 'stationIds' | 'stationId' | 'systemType' | 'deviceId'>,
): Promise<number[]> {
  const named = [...(q.stationIds ?? []), ...(q.stationId !== undefined ? [q.stationId] : [])];
  let ids: number[];
  if (named.length > 0) {
    const rows = await requireStationsAccess(db, user, named);
    if (q.deviceId !== undefined) {
      // The device must belong to one of the named stations.
      const owners = await Promise.allSettled(rows.map((s) => requireDeviceOfStation(db, s, q.deviceId!)));
      if (!owners.some((o) => o.status === 'fulfilled')) throw noPermission();
    }
    ids = rows.filter((s) => q.systemType === undefined || s.systemType === q.systemType).map((s) => s.id);
  } else {
    ids = await accessibleStationIds(db, user, q.systemType);
    if (q.deviceId !== undefined) {
      const res = await db.query<{ station_id: number | null }>(
        'SELECT station_id FROM devices WHERE id = $1',
        [q.deviceId],
      );
      const sid = res.rows[0]?.station_id;
      if (sid == null || !ids.includes(sid)) throw noPermission();
    }
  }
  return ids;
}

/**
 * localDateTime's formatters by time zone: making one costs about a third of a millisecond, so a formatter
 * per alarm row or pushed message cost more than the rest of the message (issue 36 §2).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD HH:mm:ss of `d` in `timeZone` (falls back to UTC for an unknown zone). */
export function localDateTime(d: Date, timeZone: string): string {
  let fmt = dateTimeFormats.get(timeZone);
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
    } catch {
      fmt = new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'medium' });
    }
    // One per zone name met (about 600 exist); an unknown name is kept too (as UTC), so a bound.
    if (dateTimeFormats.size >= 1_000) dateTimeFormats.clear();
    dateTimeFormats.set(timeZone, fmt);
  }
  return fmt.format(d);
}

/** A database row as the contract's AlarmRow, its description in `lang` when the catalogue knows the code. */
export function toAlarmRow(r: AlarmDbRow, lang: LanguageCode): AlarmRow {
  const started = new Date(r.started_at);
  const entry = r.source === 'rule' ? null : lookupAlarm(r.catalog, r.alarm_code, lang);
  return {
    id: Number(r.id),
    alarmTime: started.getTime(),
    alarmDateTime: localDateTime(started, r.time_zone),
    clearTime: r.cleared_at ? new Date(r.cleared_at).getTime() : null,
    alarmDesc: entry?.desc ?? r.alarm_desc,
    alarmCode: r.alarm_code,
    alarmLevel: r.alarm_level,
    source: r.source,
    deviceId: r.device_id,
    deviceName: r.device_name,
    stationId: r.station_id,
    stationName: r.station_name,
    systemType: r.system_type,
    timeZone: r.time_zone,
  };
}

/**
 * A page of current (`current` true) or history (false) alarms matching `q`, newest first.
 * @throws AppError noPermission as scopeStations.
 */
export async function alarmPage(
  db: DbHandle,
  user: SessionUser,
  q: AlarmListQuery,
  current: boolean | undefined,
  lang: LanguageCode,
): Promise<AlarmPage> {
  const ids = await scopeStations(db, user, q);
  const pageSize = q.pageSize ?? ALARM_PAGE_SIZE;
  const pageNum = q.pageNum ?? 1;
  const { rows, total } = await listAlarms(
    db,
    {
      stationIds: ids,
      current,
      deviceId: q.deviceId,
      levels: q.levels,
      from: q.startTime,
      to: q.endTime,
      text: q.text || undefined,
      // English is what each alarm stores; other languages match through the catalogue.
      textCodes: q.text && lang !== 'en-US' ? codesDescribedAs(q.text, lang) : undefined,
    },
    pageSize,
    (pageNum - 1) * pageSize,
  );
  return { data: rows.map((r) => toAlarmRow(r, lang)), total };
}

/** Counters of the alarm page over the caller's stations in scope; `todayStart` in epoch ms (default UTC midnight). */
export async function alarmCounters(
  db: DbHandle,
  user: SessionUser,
  q: Pick<AlarmListQuery, 'stationIds' | 'stationId' | 'systemType'> & { todayStart?: number },
  now = new Date(),
): Promise<AlarmSummary> {
  const ids = await scopeStations(db, user, q);
  const today =
    q.todayStart !== undefined ? new Date(q.todayStart) : new Date(new Date(now).setUTCHours(0, 0, 0, 0));
  return alarmSummary(db, ids, today, now);
}
