/** Alarm rules: the current-alarm count of the top bar badge (spec §2, §4 levels). */
import { type AlarmCount, levelGroupOf } from '@ems/contract/api/alarm';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import {
  accessibleStationIds,
  accessibleStationScope,
  requireStationsAccess,
} from '../access/station-access';
import { countActiveByLevel, countActiveByStation } from './repo';

/** Which group of spec §4 a level belongs to: 1 notice, 2–3 alarm, 4 fault, 5 fatal. */
export function levelGroup(level: number): keyof AlarmCount['byLevel'] | null {
  return levelGroupOf(level);
}

/** Query of current/count as the contract's AlarmCountQuerySchema parses it (fields used here). */
export interface AlarmCountQuery {
  systemType?: number;
  stationIds?: number[];
}

/**
 * Active alarms on the caller's sites, optionally of one system type and only the named stations.
 * count holds every active alarm, byLevel the ones of a known level.
 * @throws AppError noPermission when a named station is missing or not the caller's.
 */
export async function currentAlarmCount(
  db: DbHandle,
  user: SessionUser,
  q: AlarmCountQuery,
): Promise<AlarmCount> {
  const out: AlarmCount = emptyCount();
  // Without named stations the caller's stations are a sub-select of the same statement.
  const scope =
    q.stationIds && q.stationIds.length > 0
      ? await countScope(db, user, q)
      : accessibleStationScope(db, user, q.systemType);
  for (const { level, count } of await countActiveByLevel(db, scope)) addToCount(out, level, count);
  return out;
}

/**
 * current/count with isarray=true (issue 9): one entry per station in scope that has active alarms,
 * ascending by station id. @throws AppError noPermission as currentAlarmCount.
 */
export async function currentAlarmCountByStation(
  db: DbHandle,
  user: SessionUser,
  q: AlarmCountQuery,
): Promise<(AlarmCount & { stationId: number })[]> {
  const byStation = new Map<number, AlarmCount & { stationId: number }>();
  for (const r of await countActiveByStation(db, await countScope(db, user, q))) {
    let entry = byStation.get(r.station_id);
    if (!entry) {
      entry = { stationId: r.station_id, ...emptyCount() };
      byStation.set(r.station_id, entry);
    }
    addToCount(entry, r.level, r.count);
  }
  return [...byStation.values()];
}

/** An alarm count with nothing in it. */
export function emptyCount(): AlarmCount {
  return { count: 0, byLevel: { notice: 0, alarm: 0, fault: 0, fatal: 0 }, levels: [0, 0, 0, 0, 0] };
}

/** Adds `count` alarms of `level` to `out` (byLevel only for a known level). */
export function addToCount(out: AlarmCount, level: number, count: number): void {
  out.count += count;
  const group = levelGroup(level);
  if (group) out.byLevel[group] += count;
  if (group) out.levels[level - 1]! += count;
}

async function countScope(db: DbHandle, user: SessionUser, q: AlarmCountQuery): Promise<number[]> {
  let ids: number[];
  if (q.stationIds && q.stationIds.length > 0) {
    const named = await requireStationsAccess(db, user, q.stationIds);
    ids = named.filter((s) => q.systemType === undefined || s.systemType === q.systemType).map((s) => s.id);
  } else {
    ids = await accessibleStationIds(db, user, q.systemType);
  }
  return ids;
}
