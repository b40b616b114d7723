/**
 * Station attachment (issue 10 §3, spec §3 Attachment, §4): the owner of a subordinate station asks to
 * attach it under a superior station; the superior's owner accepts or rejects; the asker can abandon
 * (spec call `abandom`) or move to another superior (modify). A superior station shows its accepted
 * subordinates' totals; its owner reads nothing else of them (docs/permissions.md).
 */

import { sumCapacities } from '@ems/contract/api/fleet';
import type { Attachment, AttachTotals } from '@ems/contract/api/social';
import { DEVICE_OFFLINE_AFTER_MS } from '@ems/contract/constants';
import type { DbHandle } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../http/context';
import { isAdmin } from '../access/require-admin';
import { requireOwnedStation, requireStationAccess } from '../access/station-access';
import { alreadyLinked, linkSelf, noRequest } from './errors';
import { iso, stateOf } from './state';

/** Device types whose power is the site's output (meters and batteries would count it twice). */
const OUTPUT_TYPES = ['inverter', 'charger', 'ups'];

/**
 * Checks that `superId` is neither `subId` nor below it (live links), so links stay a forest. The superior
 * is not looked up: an ask may name any id, and a missing one must cost what an existing one costs.
 * @throws linkSelf for a loop.
 */
async function checkSuperior(db: DbHandle, superId: number, subId: number): Promise<void> {
  if (superId === subId) throw linkSelf();
  const below = await db.query<{ id: number }>(
    `WITH RECURSIVE below(id) AS (
       SELECT sub_id FROM station_links WHERE super_id = $1 AND status IN (1, 2)
       UNION SELECT l.sub_id FROM station_links l JOIN below b ON l.super_id = b.id WHERE l.status IN (1, 2))
     SELECT id FROM below WHERE id = $2 LIMIT 1`,
    [subId, superId],
  );
  if (below.rows.length > 0) throw linkSelf();
}

/** Inserts a pending link. @throws alreadyLinked when the subordinate already has a live one. */
async function insertLink(db: DbHandle, superId: number, subId: number): Promise<void> {
  try {
    await db.query('INSERT INTO station_links (super_id, sub_id) VALUES ($1, $2)', [superId, subId]);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyLinked();
    throw err;
  }
}

/**
 * The caller asks to attach their station `subId` under `superId` (spec §7 ask). Any superior id is
 * accepted as a pending ask, whoever owns it: an id that names no station answers the same and simply never
 * gets an answer (station_links.super_id has no foreign key for that reason; docs/social.md).
 * @throws noPermission unless the caller owns subId; linkSelf; alreadyLinked.
 */
export async function askLink(db: DbHandle, user: SessionUser, superId: number, subId: number) {
  await requireOwnedStation(db, user, subId);
  await checkSuperior(db, superId, subId);
  await insertLink(db, superId, subId);
}

/**
 * The superior's owner answers a pending link: 2 accepted, 3 rejected (spec §7 attached/accepted, rejected).
 * @throws noPermission unless the caller owns superId; noRequest when no such link is pending.
 */
export async function answerLink(
  db: DbHandle,
  user: SessionUser,
  superId: number,
  subId: number,
  status: 2 | 3,
): Promise<void> {
  await requireOwnedStation(db, user, superId);
  const res = await db.query(
    `UPDATE station_links SET status = $3, answered_at = now()
     WHERE super_id = $1 AND sub_id = $2 AND status = 1 RETURNING id`,
    [superId, subId, status],
  );
  if (res.rows.length === 0) throw noRequest();
}

/**
 * The subordinate's owner abandons a pending or accepted link (spec §7 abandom).
 * @throws noPermission unless the caller owns subId; noRequest when no live link to superId exists.
 */
export async function abandonLink(db: DbHandle, user: SessionUser, superId: number, subId: number) {
  await requireOwnedStation(db, user, subId);
  const res = await db.query(
    `UPDATE station_links SET status = 4, answered_at = now()
     WHERE super_id = $1 AND sub_id = $2 AND status IN (1, 2) RETURNING id`,
    [superId, subId],
  );
  if (res.rows.length === 0) throw noRequest();
}

/**
 * Moves the caller's station `subId` from `oldSuperId` to `superId` (spec §4 modified): the old link is
 * voided and a new one asked, under the same rules as askLink. Checks come first, so a refused call changes
 * nothing.
 * @throws noPermission unless the caller owns subId; linkSelf; noRequest when no live link to oldSuperId exists.
 */
export async function modifyLink(
  db: DbHandle,
  user: SessionUser,
  body: { superId: number; oldSuperId: number; subId: number },
): Promise<void> {
  await requireOwnedStation(db, user, body.subId);
  await checkSuperior(db, body.superId, body.subId);
  const live = await db.query(
    'SELECT id FROM station_links WHERE super_id = $1 AND sub_id = $2 AND status IN (1, 2)',
    [body.oldSuperId, body.subId],
  );
  if (live.rows.length === 0) throw noRequest();
  await db.query('UPDATE station_links SET status = 4, answered_at = now() WHERE id = $1', [
    (live.rows[0] as { id: number }).id,
  ]);
  await insertLink(db, body.superId, body.subId);
}

/**
 * Links touching the caller's stations (spec §7 attached/requests): received (the caller owns the
 * superior) and sent (the caller owns the subordinate), of the subordinate's system type when given.
 * A sent link's superior name shows once its owner accepted, or when the caller may read that site anyway
 * (owns it, has it shared, is an administrator); until then superName is null, so an ask cannot be used to
 * read a stranger's site name.
 */
export async function listLinks(db: DbHandle, user: SessionUser, systemType?: number): Promise<Attachment[]> {
  const res = await db.query<{
    superId: number;
    superName: string | null;
    superOwner: number | null;
    subId: number;
    subName: string;
    subOwner: number;
    status: number;
    askedAt: Date;
  }>(
    `SELECT l.super_id AS "superId",
            CASE WHEN l.status = 2 OR sp.owner_id = $1 OR $3::boolean
                   OR EXISTS (SELECT 1 FROM station_shares sh
                              WHERE sh.station_id = sp.id AND sh.viewer_id = $1 AND sh.status = 2)
                 THEN sp.name END AS "superName", sp.owner_id AS "superOwner",
            l.sub_id AS "subId", sb.name AS "subName", sb.owner_id AS "subOwner", l.status, l.asked_at AS "askedAt"
     FROM station_links l LEFT JOIN stations sp ON sp.id = l.super_id JOIN stations sb ON sb.id = l.sub_id
     WHERE (sp.owner_id = $1 OR sb.owner_id = $1) AND l.status IN (1, 2, 3)
       AND ($2::int IS NULL OR sb.system_type = $2)
     ORDER BY l.asked_at DESC, l.id DESC LIMIT 500`,
    [user.userId, systemType ?? null, isAdmin(user)],
  );
  // A link between two of the caller's own stations is both: sent (to withdraw or move it) and received
  // (to answer it), so it is listed once each way.
  return res.rows.flatMap((r) => {
    const row = (direction: 'sent' | 'received'): Attachment => ({
      superId: r.superId,
      superName: r.superName,
      subId: r.subId,
      subName: r.subName,
      status: r.status,
      state: stateOf(r.status, direction === 'sent'),
      direction,
      askedAt: iso(r.askedAt),
    });
    return [
      ...(r.subOwner === user.userId ? [row('sent')] : []),
      ...(r.superOwner === user.userId ? [row('received')] : []),
    ];
  });
}

/**
 * Totals of the accepted subordinates of `stationId` (issue 10 §3): count, capacity, devices and current
 * output power in W. @throws noPermission unless the caller may view the superior station.
 */
export async function linkTotals(db: DbHandle, user: SessionUser, stationId: number): Promise<AttachTotals> {
  await requireStationAccess(db, user, stationId);
  const res = await db.query<{
    subordinates: number;
    capacity: number;
    sites: { systemType: number; capacity: number }[];
    devices: number;
    powerW: number;
  }>(
    `WITH subs AS (SELECT s.id, s.capacity_kw, s.system_type FROM station_links l JOIN stations s ON s.id = l.sub_id
                   WHERE l.super_id = $1 AND l.status = 2)
     SELECT (SELECT count(*)::int FROM subs) AS subordinates,
            (SELECT coalesce(json_agg(json_build_object('systemType', system_type, 'capacity', capacity_kw)), '[]')
               FROM subs) AS sites,
            (SELECT coalesce(sum(capacity_kw), 0)::float8 FROM subs) AS capacity,
            (SELECT count(*)::int FROM devices d WHERE d.station_id IN (SELECT id FROM subs)) AS devices,
            (SELECT coalesce(sum(dl.w), 0)::float8 FROM devices d JOIN device_latest dl ON dl.device_id = d.id
              WHERE d.station_id IN (SELECT id FROM subs) AND d.device_type = ANY($2::text[])
                AND dl.last_seen_at > now() - make_interval(secs => $3)) AS "powerW"`,
    [stationId, OUTPUT_TYPES, DEVICE_OFFLINE_AFTER_MS / 1000],
  );
  const { sites, ...r } = res.rows[0]!;
  return { stationId, ...r, capacities: sumCapacities(sites) };
}
