/**
 * Site sharing (issue 10 §2, spec §3 Pending shared site, §4 share flow, §5 "a shared site must be under a
 * group"): an owner shares a site with a friend; the friend confirms it into one of their groups or
 * refuses; the owner can stop sharing, the viewer can leave. Accepted rows make the viewer a reader of the
 * site through modules/access/station-access.ts; every change stays owner-only.
 */
import type { SharedSite } from '@ems/contract/api/social';
import type { DbHandle } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';
import { requireOwnedStation } from '../access/station-access';
import { findOwnGroup, groupIdOf, placeStations } from '../fleet/groups-repo';
import { alreadyShared, groupRequired, noRequest, notFriend } from './errors';
import { areFriends } from './friends-service';
import { iso, stateOf } from './state';

/**
 * Shares the caller's site `stationId` with their friend `friendId` (pending until the friend answers).
 * @throws noPermission when the caller does not own the site (a viewer cannot re-share), notFriend,
 *   alreadyShared when a pending or accepted share exists.
 */
export async function shareSite(db: DbHandle, user: SessionUser, stationId: number, friendId: number) {
  await requireOwnedStation(db, user, stationId);
  if (friendId === user.userId || !(await areFriends(db, user.userId, friendId))) throw notFriend();
  try {
    await db.query('INSERT INTO station_shares (station_id, owner_id, viewer_id) VALUES ($1, $2, $3)', [
      stationId,
      user.userId,
      friendId,
    ]);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyShared();
    throw err;
  }
}

/**
 * With whom the caller's site is shared (spec §7 share/list): pending and accepted viewers.
 * @throws noPermission unless the caller owns the site (viewers do not learn who else sees it).
 */
export async function shareList(db: DbHandle, user: SessionUser, stationId: number) {
  await requireOwnedStation(db, user, stationId);
  const res = await db.query<{ friendId: number; friendName: string; status: number; sharedAt: Date }>(
    `SELECT sh.viewer_id AS "friendId", u.user_name AS "friendName", sh.status, sh.shared_at AS "sharedAt"
     FROM station_shares sh JOIN users u ON u.id = sh.viewer_id
     WHERE sh.station_id = $1 AND sh.status IN (1, 2) ORDER BY u.user_name, sh.id`,
    [stationId],
  );
  return res.rows.map((r) => ({ ...r, sharedAt: iso(r.sharedAt), state: stateOf(r.status, true) }));
}

interface ReceivedRow {
  stationId: number;
  stationName: string;
  systemType: number;
  userName: string;
  ownerId: number;
  status: number;
  sharedAt: Date;
  targetId: number | null;
}

/**
 * Sites shared with the caller (spec §3 Pending shared site): pending only for the badge dialog, or every
 * pending and accepted one. oldId is the owner's group holding the site, targetId the caller's group once
 * confirmed.
 */
export async function sharesReceived(
  db: DbHandle,
  user: SessionUser,
  state: 'pending' | 'all' = 'pending',
): Promise<SharedSite[]> {
  const res = await db.query<ReceivedRow>(
    `SELECT s.id AS "stationId", s.name AS "stationName", s.system_type AS "systemType",
            u.user_name AS "userName", s.owner_id AS "ownerId", sh.status, sh.shared_at AS "sharedAt",
            CASE WHEN sh.status = 2 THEN coalesce(g.group_id,
              (SELECT id FROM station_groups WHERE owner_id = $1 AND is_default)) END AS "targetId"
     FROM station_shares sh
     JOIN stations s ON s.id = sh.station_id JOIN users u ON u.id = s.owner_id
     LEFT JOIN group_stations g ON g.user_id = $1 AND g.station_id = s.id
     WHERE sh.viewer_id = $1 AND sh.status ${state === 'pending' ? '= 1' : 'IN (1, 2)'}
     ORDER BY sh.shared_at DESC, sh.id DESC LIMIT 500`,
    [user.userId],
  );
  const out: SharedSite[] = [];
  for (const r of res.rows) {
    out.push({
      stationId: r.stationId,
      stationName: r.stationName,
      systemType: r.systemType,
      userName: r.userName,
      status: r.status,
      state: stateOf(r.status, false),
      targetId: r.targetId,
      oldId: await groupIdOf(db, r.ownerId, r.stationId),
      sharedAt: iso(r.sharedAt),
    });
  }
  return out;
}

/** Sites the caller shares, with each viewer (the social screen's "sites I share"). */
export async function sharesGiven(db: DbHandle, user: SessionUser) {
  const res = await db.query<{
    stationId: number;
    stationName: string;
    friendId: number;
    friendName: string;
    status: number;
  }>(
    `SELECT s.id AS "stationId", s.name AS "stationName", sh.viewer_id AS "friendId",
            u.user_name AS "friendName", sh.status
     FROM station_shares sh JOIN stations s ON s.id = sh.station_id JOIN users u ON u.id = sh.viewer_id
     WHERE sh.owner_id = $1 AND s.owner_id = $1 AND sh.status IN (1, 2)
     ORDER BY s.name, u.user_name LIMIT 500`,
    [user.userId],
  );
  return res.rows.map((r) => ({ ...r, state: stateOf(r.status, true) }));
}

/** The owner's group id of a pending share of `stationId` to the caller, or throws noRequest. */
async function pendingShare(db: DbHandle, user: SessionUser, stationId: number) {
  const res = await db.query<{ id: number; ownerId: number }>(
    `SELECT sh.id, s.owner_id AS "ownerId" FROM station_shares sh JOIN stations s ON s.id = sh.station_id
     WHERE sh.station_id = $1 AND sh.viewer_id = $2 AND sh.status = 1`,
    [stationId, user.userId],
  );
  const row = res.rows[0];
  if (!row) throw noRequest();
  return { id: row.id, oldId: await groupIdOf(db, row.ownerId, stationId) };
}

/**
 * Confirms the site `subId` shared with the caller into the caller's group `superId` (spec §7 share
 * confirm). oldSuperId, when sent, must be the owner's group of the pending listing.
 * @throws groupRequired when superId is not one of the caller's groups (spec §5), noRequest when no
 *   share of that site waits for the caller or oldSuperId does not match.
 */
export async function confirmShare(
  db: DbHandle,
  user: SessionUser,
  body: { superId: number; oldSuperId?: number | undefined; subId: number },
): Promise<void> {
  const group = await findOwnGroup(db, user.userId, body.superId);
  if (!group) throw groupRequired();
  const pending = await pendingShare(db, user, body.subId);
  if (body.oldSuperId !== undefined && body.oldSuperId !== pending.oldId) throw noRequest();
  const res = await db.query(
    `UPDATE station_shares SET status = 2, answered_at = now() WHERE id = $1 AND status = 1 RETURNING id`,
    [pending.id],
  );
  if (res.rows.length === 0) throw noRequest();
  await placeStations(db, user.userId, group, [body.subId]);
}

/**
 * Refuses the site `subId` shared with the caller (spec §7 share refuse); superId, when sent, must be the
 * listing's oldId. @throws noRequest when no share of that site waits for the caller.
 */
export async function refuseShare(
  db: DbHandle,
  user: SessionUser,
  body: { superId?: number | undefined; subId: number },
): Promise<void> {
  const pending = await pendingShare(db, user, body.subId);
  if (body.superId !== undefined && body.superId !== pending.oldId) throw noRequest();
  await db.query('UPDATE station_shares SET status = 3, answered_at = now() WHERE id = $1 AND status = 1', [
    pending.id,
  ]);
}

/** Voids the live share of `stationId` with `viewerId` and takes the site out of the viewer's groups. */
async function endShare(db: DbHandle, stationId: number, viewerId: number): Promise<boolean> {
  const res = await db.query(
    `UPDATE station_shares SET status = 4, answered_at = now()
     WHERE station_id = $1 AND viewer_id = $2 AND status IN (1, 2) RETURNING id`,
    [stationId, viewerId],
  );
  if (res.rows.length === 0) return false;
  await db.query('DELETE FROM group_stations WHERE user_id = $1 AND station_id = $2', [viewerId, stationId]);
  return true;
}

/**
 * The owner stops sharing `stationId` with `friendId`.
 * @throws noPermission unless the caller owns the site; noRequest when it is not shared with them.
 */
export async function stopSharing(db: DbHandle, user: SessionUser, stationId: number, friendId: number) {
  await requireOwnedStation(db, user, stationId);
  if (!(await endShare(db, stationId, friendId))) throw noRequest();
}

/**
 * A viewer leaves a site shared with them. @throws noPermission when it is not shared with the caller
 * (answers alike for a missing site).
 */
export async function leaveShare(db: DbHandle, user: SessionUser, stationId: number): Promise<void> {
  if (!(await endShare(db, stationId, user.userId))) throw noPermission();
}
