/**
 * SQL of charging sessions (OCPP transactions, issue 22). Ids come from the ocpp_transaction_id sequence;
 * a replayed StartTransaction finds its row through the unique index charging_sessions_start, so it gets
 * the same id and never a second row, whichever process or connection it arrives on.
 */
import type { DbHandle } from '../../db/client';

/** Reason stored when the platform closes a session itself because a newer start took its connector. */
export const REPLACED = 'Replaced';

/** A StartTransaction as stored. */
export interface SessionStart {
  deviceId: number;
  connectorId: number;
  idTag: string;
  authStatus: string;
  meterStart: number;
  startedAt: Date;
  reservationId: number | null;
}

/**
 * Opens the session of a start, or finds the one a replay of the same start opened. Sessions of the same
 * connector still open and started before it are closed as Replaced (their charger rebooted or lost the
 * stop): at the new start's time, with the newer of their last meter reading and the new meterStart when
 * the register went on, marked inferred so the charger's own stop, replayed later, still overrides it.
 * @returns the transaction id and whether the start was new.
 */
export async function openSession(db: DbHandle, s: SessionStart): Promise<{ id: number; created: boolean }> {
  const key = [s.deviceId, s.connectorId, s.idTag, s.meterStart, s.startedAt.toISOString()];
  // One statement: the insert and the closing of the connector's older open sessions commit together.
  const res = await db.query<{ id: number; created: boolean }>(
    `WITH ins AS (
       INSERT INTO charging_sessions (device_id, station_id, connector_id, id_tag, meter_start, started_at,
                                      auth_status, reservation_id)
       SELECT $1, d.station_id, $2, $3, $4, $5, $6, $7 FROM devices d WHERE d.id = $1
       ON CONFLICT (device_id, connector_id, id_tag, meter_start, started_at) DO NOTHING
       RETURNING id, started_at, meter_start),
     replaced AS (
       UPDATE charging_sessions c SET stopped_at = ins.started_at, stop_reason = '${REPLACED}', stop_inferred = true,
         meter_stop = CASE WHEN ins.meter_start >= c.meter_start THEN ins.meter_start ELSE c.meter_last END,
         energy_wh = greatest(0, CASE WHEN ins.meter_start >= c.meter_start THEN ins.meter_start
                                      ELSE c.meter_last END - c.meter_start)
       FROM ins
       WHERE c.device_id = $1 AND c.connector_id = $2 AND c.stopped_at IS NULL AND c.started_at < ins.started_at
       RETURNING 1)
     SELECT id, true AS created FROM ins
     UNION ALL
     SELECT id, false FROM charging_sessions WHERE NOT EXISTS (SELECT 1 FROM ins) AND device_id = $1
       AND connector_id = $2 AND id_tag = $3 AND meter_start = $4 AND started_at = $5`,
    [...key, s.authStatus, s.reservationId],
  );
  const row = res.rows[0] ?? (await findStart(db, key));
  return { id: Number(row.id), created: row.created };
}

/** The session of a start key that another connection committed while this statement ran. */
async function findStart(db: DbHandle, key: unknown[]): Promise<{ id: number; created: boolean }> {
  const res = await db.query<{ id: number }>(
    `SELECT id FROM charging_sessions WHERE device_id = $1 AND connector_id = $2 AND id_tag = $3
       AND meter_start = $4 AND started_at = $5`,
    key,
  );
  return { id: res.rows[0]!.id, created: false };
}

/** A StopTransaction as stored. */
export interface SessionStop {
  deviceId: number;
  transactionId: number;
  idTag: string | null;
  meterStop: number;
  stoppedAt: Date;
  reason: string | null;
}

/**
 * Closes the charger's session `transactionId` with energy = meterStop − meterStart and the reason (OCPP
 * says Local when the charger gives none). A session already closed by its own stop is left as it is (a
 * replayed stop); one the platform closed itself (inferred) takes the charger's stop. A stop naming no
 * session of this charger is kept in charging_unmatched_stops, once.
 * @returns 'closed', 'duplicate' (already closed by a stop) or 'unknown'.
 */
export async function closeSession(
  db: DbHandle,
  s: SessionStop,
): Promise<'closed' | 'duplicate' | 'unknown'> {
  const res = await db.query<{ closed: boolean; known: boolean }>(
    `WITH up AS (
       UPDATE charging_sessions SET meter_stop = $3, stopped_at = greatest(started_at, $4::timestamptz),
         energy_wh = greatest(0, $3 - meter_start), stop_reason = coalesce($5, 'Local'), stop_id_tag = $6,
         stop_inferred = false
       WHERE id = $2 AND device_id = $1 AND (stopped_at IS NULL OR stop_inferred) RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM up) AS closed,
            EXISTS (SELECT 1 FROM charging_sessions WHERE id = $2 AND device_id = $1) AS known`,
    [s.deviceId, s.transactionId, s.meterStop, s.stoppedAt.toISOString(), s.reason, s.idTag],
  );
  const row = res.rows[0]!;
  if (row.closed) return 'closed';
  if (row.known) return 'duplicate';
  await db.query(
    `INSERT INTO charging_unmatched_stops (device_id, transaction_id, id_tag, meter_stop, stopped_at, reason)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [s.deviceId, s.transactionId, s.idTag, s.meterStop, s.stoppedAt.toISOString(), s.reason],
  );
  return 'unknown';
}

/**
 * Notes the energy register of a session's meter value and answers its meterStart (to derive SessionWh),
 * or null when `transactionId` is not a session of this charger.
 */
export async function noteSessionMeter(
  db: DbHandle,
  deviceId: number,
  transactionId: number,
  wh: number | null,
): Promise<number | null> {
  const res = await db.query<{ meterStart: number }>(
    `UPDATE charging_sessions SET meter_last = CASE WHEN $3::float8 IS NULL THEN meter_last
                                                    ELSE greatest(coalesce(meter_last, $3), $3) END
     WHERE id = $2 AND device_id = $1 RETURNING meter_start AS "meterStart"`,
    [deviceId, transactionId, wh],
  );
  return res.rows[0] ? Number(res.rows[0].meterStart) : null;
}
