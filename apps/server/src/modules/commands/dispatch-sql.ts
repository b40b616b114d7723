/**
 * SQL of a dispatch of many devices at once (dispatch.ts): one statement each to read the devices,
 * expire what is stale and take their next commands into flight, however many devices the batch holds.
 * State changes stay conditional (`WHERE state = …`) and the partial unique index
 * device_commands_one_in_flight still refuses a second command in flight of a device, whichever
 * process tries.
 */
import type { DbHandle } from '../../db/client';
import { type ClaimedCommand, PARAM_DEVICE_COLUMNS, PARAM_DEVICE_FROM, type ParamDevice } from './repo';

/** The devices `ids` with their sites' owners and last telemetry (missing ids are left out). */
export async function findParamDevices(db: DbHandle, ids: readonly number[]): Promise<ParamDevice[]> {
  const res = await db.query<ParamDevice>(
    `SELECT ${PARAM_DEVICE_COLUMNS} FROM ${PARAM_DEVICE_FROM} WHERE d.id = ANY($1::int[])`,
    [ids],
  );
  return res.rows;
}

/**
 * Expires the queued commands of the devices `ids` that are past their time, or whose device left
 * their site (or was deleted). @returns how many.
 */
export async function expireStaleOf(db: DbHandle, ids: readonly number[]): Promise<number> {
  const res = await db.query(
    `UPDATE device_commands c SET state = 'expired', ended_at = now(),
       reason = CASE WHEN c.expires_at <= now() THEN 'not sent within 24 h' ELSE 'device left the site' END
     WHERE c.device_id = ANY($1::int[]) AND c.state = 'queued'
       AND (c.expires_at <= now()
            OR c.station_id IS DISTINCT FROM (SELECT d.station_id FROM devices d WHERE d.id = c.device_id))
     RETURNING c.id`,
    [ids],
  );
  return res.rows.length;
}

/** A command taken into flight, with its device. */
export type ClaimedOf = ClaimedCommand & { deviceId: number };

/**
 * Takes the oldest queued command of each device of `ids` into flight (sent), except devices with one
 * in flight already. (`c.state = 'queued'` is checked again on the row itself: a command another
 * process took meanwhile is not taken twice.)
 * @throws a unique violation (23505) when another process took one of these devices' commands into
 *   flight meanwhile: claimEach then claims device by device.
 */
async function claimAll(db: DbHandle, ids: readonly number[]): Promise<ClaimedOf[]> {
  const res = await db.query<ClaimedOf>(
    `UPDATE device_commands c SET state = 'sent', sent_at = now(), sends = c.sends + 1
     FROM (SELECT DISTINCT ON (q.device_id) q.id FROM device_commands q
           WHERE q.device_id = ANY($1::int[]) AND q.state = 'queued'
             AND NOT EXISTS (SELECT 1 FROM device_commands f WHERE f.device_id = q.device_id AND f.state = 'sent')
           ORDER BY q.device_id, q.created_at, q.id) n
     WHERE c.id = n.id AND c.state = 'queued'
     RETURNING c.id, c.device_id AS "deviceId", c.params, c.expires_at AS "expiresAt"`,
    [ids],
  );
  return res.rows;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * The next command of each device of `ids`, taken into flight: one statement for all, or, when another
 * process raced it for one of them, one per device (that device's then yields nothing).
 */
export async function claimEach(db: DbHandle, ids: readonly number[]): Promise<ClaimedOf[]> {
  if (ids.length === 0) return [];
  try {
    return await claimAll(db, ids);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const out: ClaimedOf[] = [];
  for (const id of ids) {
    try {
      out.push(...(await claimAll(db, [id])));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return out;
}
