/**
 * Friends (issue 10 §1, spec §3 Friend request, §4 friend flow, §7 user/attached calls): ask by login name,
 * agree or refuse, delete. At most one live (pending or accepted) row per pair is a database rule
 * (friendships_live_pair), so two racing asks cannot both succeed.
 */
import type { Friend, FriendRequest } from '@ems/contract/api/social';
import type { DbHandle } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../http/context';
import { alreadyAsked, alreadyFriends, askSelf, noRequest, unknownName } from './errors';
import { iso, stateOf } from './state';

interface PairRow {
  id: number;
  requesterId: number;
  addresseeId: number;
  status: number;
}

/** The live (pending or accepted) row between two users, if any. */
async function livePair(db: DbHandle, a: number, b: number): Promise<PairRow | undefined> {
  const res = await db.query<PairRow>(
    `SELECT id, requester_id AS "requesterId", addressee_id AS "addresseeId", status FROM friendships
     WHERE status IN (1, 2) AND ((requester_id = $1 AND addressee_id = $2) OR (requester_id = $2 AND addressee_id = $1))`,
    [a, b],
  );
  return res.rows[0];
}

/** True when `a` and `b` are friends (an accepted row). */
export async function areFriends(db: DbHandle, a: number, b: number): Promise<boolean> {
  return (await livePair(db, a, b))?.status === 2;
}

/**
 * Sends a friend request to the account whose login name is `friendName` (spec §7 askfor).
 * @throws askSelf, unknownName (disabled accounts too), alreadyFriends, alreadyAsked (either direction).
 */
export async function askFriend(db: DbHandle, user: SessionUser, friendName: string): Promise<void> {
  const found = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE login_name = $1 AND NOT disabled',
    [friendName],
  );
  const friendId = found.rows[0]?.id;
  if (friendId === undefined) throw unknownName();
  if (friendId === user.userId) throw askSelf();
  const live = await livePair(db, user.userId, friendId);
  if (live) throw live.status === 2 ? alreadyFriends() : alreadyAsked();
  try {
    await db.query('INSERT INTO friendships (requester_id, addressee_id, asked_name) VALUES ($1, $2, $3)', [
      user.userId,
      friendId,
      friendName,
    ]);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyAsked();
    throw err;
  }
}

/**
 * Answers the pending request `friendId` sent the caller: 2 agree, 3 refuse.
 * @throws noRequest when no such request waits for the caller (another's request, answered, or none).
 */
export async function answerFriend(
  db: DbHandle,
  user: SessionUser,
  friendId: number,
  status: 2 | 3,
): Promise<void> {
  const res = await db.query(
    `UPDATE friendships SET status = $3, answered_at = now()
     WHERE requester_id = $1 AND addressee_id = $2 AND status = 1 RETURNING id`,
    [friendId, user.userId, status],
  );
  if (res.rows.length === 0) throw noRequest();
}

/**
 * Ends the friendship with `friendId`, or withdraws the caller's own pending request to `friendName` (the
 * login name as typed: the asker is not told the other's id before an agreement). The row becomes voided
 * (4), and every site shared between the two, either way, stops being shared.
 * @throws noRequest when there is nothing to delete (a pending request named by id included, so an id
 *   cannot be matched to a name).
 */
export async function deleteFriend(
  db: DbHandle,
  user: SessionUser,
  other: { friendId?: number; friendName?: string },
): Promise<void> {
  const res = await db.query<{ friendId: number }>(
    other.friendId !== undefined
      ? `UPDATE friendships SET status = 4, answered_at = now()
         WHERE status = 2 AND ((requester_id = $1 AND addressee_id = $2) OR (requester_id = $2 AND addressee_id = $1))
         RETURNING CASE WHEN requester_id = $1 THEN addressee_id ELSE requester_id END AS "friendId"`
      : `UPDATE friendships f SET status = 4, answered_at = now() FROM users u
         WHERE u.id = f.addressee_id AND f.requester_id = $1 AND f.status = 1
           AND coalesce(f.asked_name, u.login_name) = $2
         RETURNING f.addressee_id AS "friendId"`,
    [user.userId, other.friendId ?? other.friendName],
  );
  if (res.rows.length === 0) throw noRequest();
  for (const { friendId } of res.rows) await endShares(db, user.userId, friendId);
}

/** Stops every share between `a` and `b`, either way, and takes the sites out of the viewer's groups. */
async function endShares(db: DbHandle, a: number, b: number): Promise<void> {
  const ended = await db.query<{ stationId: number; viewerId: number }>(
    `UPDATE station_shares SET status = 4, answered_at = now()
     WHERE status IN (1, 2) AND ((owner_id = $1 AND viewer_id = $2) OR (owner_id = $2 AND viewer_id = $1))
     RETURNING station_id AS "stationId", viewer_id AS "viewerId"`,
    [a, b],
  );
  for (const r of ended.rows) {
    await db.query('DELETE FROM group_stations WHERE user_id = $1 AND station_id = $2', [
      r.viewerId,
      r.stationId,
    ]);
  }
}

/**
 * The caller's friends (spec §7 user/attached/lists), by name, with how many sites (of `systemType` when
 * given) each side shares with the other.
 */
export async function listFriends(db: DbHandle, user: SessionUser, systemType?: number): Promise<Friend[]> {
  const res = await db.query<{
    friendId: number;
    friendName: string;
    since: Date;
    byMe: number;
    withMe: number;
  }>(
    `WITH f AS (
       SELECT CASE WHEN requester_id = $1 THEN addressee_id ELSE requester_id END AS friend_id,
              coalesce(answered_at, requested_at) AS since
       FROM friendships WHERE status = 2 AND (requester_id = $1 OR addressee_id = $1))
     SELECT f.friend_id AS "friendId", u.user_name AS "friendName", f.since,
       (SELECT count(*)::int FROM station_shares sh JOIN stations s ON s.id = sh.station_id
         WHERE sh.owner_id = $1 AND sh.viewer_id = f.friend_id AND sh.status IN (1, 2)
           AND ($2::int IS NULL OR s.system_type = $2)) AS "byMe",
       (SELECT count(*)::int FROM station_shares sh JOIN stations s ON s.id = sh.station_id
         WHERE sh.owner_id = f.friend_id AND sh.viewer_id = $1 AND sh.status IN (1, 2)
           AND ($2::int IS NULL OR s.system_type = $2)) AS "withMe"
     FROM f JOIN users u ON u.id = f.friend_id
     ORDER BY u.user_name, f.friend_id`,
    [user.userId, systemType ?? null],
  );
  return res.rows.map((r) => ({
    friendId: r.friendId,
    friendName: r.friendName,
    since: iso(r.since),
    sharedByMe: r.byMe,
    sharedWithMe: r.withMe,
  }));
}

/**
 * Friend requests the caller received and sent (spec §7 user/attached/requests), newest first; the badge
 * dialog shows the received pending ones. Voided rows of ended friendships are left out. A request the
 * caller sent shows the other account (id, user name) only once accepted; before, userId is null and
 * userName the login name as the caller typed it (docs/social.md).
 */
export async function listFriendRequests(db: DbHandle, user: SessionUser): Promise<FriendRequest[]> {
  const res = await db.query<{
    userId: number;
    userName: string;
    askedName: string;
    at: Date;
    status: number;
    mine: boolean;
  }>(
    `SELECT CASE WHEN f.requester_id = $1 THEN f.addressee_id ELSE f.requester_id END AS "userId",
            u.user_name AS "userName", coalesce(f.asked_name, u.login_name) AS "askedName",
            f.requested_at AS at, f.status, f.requester_id = $1 AS mine
     FROM friendships f
     JOIN users u ON u.id = CASE WHEN f.requester_id = $1 THEN f.addressee_id ELSE f.requester_id END
     WHERE (f.requester_id = $1 OR f.addressee_id = $1) AND f.status IN (1, 2, 3)
     ORDER BY f.requested_at DESC, f.id DESC
     LIMIT 200`,
    [user.userId],
  );
  return res.rows.map((r) => {
    const known = !r.mine || r.status === 2;
    return {
      userId: known ? r.userId : null,
      userName: known ? r.userName : r.askedName,
      requestTime: iso(r.at),
      status: r.status,
      state: stateOf(r.status, r.mine),
      direction: r.mine ? 'sent' : 'received',
    };
  });
}

/**
 * How many friend requests and shared sites wait for the caller's answer (the two social badges), in one
 * query: the badge call runs every 5 s for every signed-in browser.
 */
export async function pendingSocialCounts(
  db: DbHandle,
  userId: number,
): Promise<{ friendRequests: number; shares: number }> {
  const res = await db.query<{ friendRequests: number; shares: number }>(
    `SELECT (SELECT count(*)::int FROM friendships WHERE addressee_id = $1 AND status = 1) AS "friendRequests",
            (SELECT count(*)::int FROM station_shares WHERE viewer_id = $1 AND status = 1) AS shares`,
    [userId],
  );
  return res.rows[0] ?? { friendRequests: 0, shares: 0 };
}
