/** Alarm rules: the current-alarm count of the top bar badge (spec §2, §4 levels). */
import type { AlarmCount } from '@ems/contract/api/alarm';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { accessibleStationIds, requireStationsAccess } from '../access/station-access';
import { countActiveByLevel } from './repo';

/** Which group of spec §4 a level belongs to: 1 notice, 2–3 alarm, 4 fault, 5 fatal. */
export function levelGroup(level: number): keyof AlarmCount['byLevel'] | null {
  if (level === 1) return 'notice';
  if (level === 2 || level === 3) return 'alarm';
  if (level === 4) return 'fault';
  if (level === 5) return 'fatal';
  return null;
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
  let ids: number[];
  if (q.stationIds && q.stationIds.length > 0) {
    const named = await requireStationsAccess(db, user, q.stationIds);
    ids = named.filter((s) => q.systemType === undefined || s.systemType === q.systemType).map((s) => s.id);
  } else {
    ids = await accessibleStationIds(db, user, q.systemType);
  }
  const out: AlarmCount = { count: 0, byLevel: { notice: 0, alarm: 0, fault: 0, fatal: 0 } };
  for (const { level, count } of await countActiveByLevel(db, ids)) {
    out.count += count;
    const group = levelGroup(level);
    if (group) out.byLevel[group] += count;
  }
  return out;
}
