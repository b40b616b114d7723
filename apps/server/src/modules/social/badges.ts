/**
 * The combined top-bar badge count (issue 10 §6): alarms, friend requests and shares in one request per
 * 5-s cycle. The alarm count is the alarms module's own (currentAlarmCount), so both badges agree.
 */
import type { BadgeCounts } from '@ems/contract/api/social';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { currentAlarmCount } from '../alarms/service';
import { pendingSocialCounts } from './friends-service';

/** Counts of every top-bar badge for the caller; alarms of `systemType` when given. */
export async function badgeCounts(
  db: DbHandle,
  user: SessionUser,
  systemType?: number,
): Promise<BadgeCounts> {
  const [alarms, social] = await Promise.all([
    currentAlarmCount(db, user, systemType === undefined ? {} : { systemType }),
    pendingSocialCounts(db, user.userId),
  ]);
  return { alarms, ...social };
}
