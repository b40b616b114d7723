/**
 * Who may still receive what (issue 20 §8): a push about a site goes only to a user who may view the
 * site now (its owner, a friend it is shared with, an administrator); ending a share ends the pushes of
 * that site to the friend at once, queued ones included.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { accessibleStationIds } from '../access/station-access';
import type { ChannelDeps } from './channel';

/** The session-like identity of `userId` for the access checks; null when the account is gone or disabled. */
export async function pushUser(deps: ChannelDeps, userId: number): Promise<SessionUser | null> {
  const [u] = await deps.db.db
    .select({ loginName: users.loginName, roles: users.roles, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!u || u.disabled) return null;
  return { userId, sessionId: 0, loginName: u.loginName, roles: u.roles };
}

/** Whether the delivery's user may still receive it: the account is active and sees its site. */
export async function stillAllowed(
  deps: ChannelDeps,
  delivery: { userId: number; stationId: number | null },
): Promise<boolean> {
  const user = await pushUser(deps, delivery.userId);
  if (!user) return false;
  if (delivery.stationId === null) return true;
  return (await accessibleStationIds(deps.db, user)).includes(delivery.stationId);
}
