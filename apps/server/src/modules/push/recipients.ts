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

/**
 * Whether a delivery's user may still receive it: the account is active and sees its site. The returned
 * check reads each user's account and sites once (a batch of deliveries is mostly one user's alarms).
 */
export function stillAllowedCheck(
  deps: ChannelDeps,
): (delivery: { userId: number; stationId: number | null }) => Promise<boolean> {
  const sitesOf = new Map<number, Promise<Set<number> | null>>();
  return async (delivery) => {
    let sites = sitesOf.get(delivery.userId);
    if (!sites) {
      sites = pushUser(deps, delivery.userId).then(async (user) =>
        user ? new Set(await accessibleStationIds(deps.db, user)) : null,
      );
      sitesOf.set(delivery.userId, sites);
    }
    const visible = await sites;
    return visible !== null && (delivery.stationId === null || visible.has(delivery.stationId));
  };
}
