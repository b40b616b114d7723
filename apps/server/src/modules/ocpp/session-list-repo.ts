/**
 * SQL of reading OCPP charging sessions back (issue 22 item 4): a charger's transactions of a period for
 * the station page's sessions list, its CSV export and docs/ocpp.md "Sessions and reports".
 */
import type { DbHandle } from '../../db/client';

/** One transaction as listed. Meter readings in Wh; `meterLast` the latest reading while it was open. */
export interface SessionListRow {
  transactionId: number;
  connectorId: number;
  idTag: string;
  startedAt: Date;
  stoppedAt: Date | null;
  meterStart: number;
  meterLast: number | null;
  energyWh: number | null;
  stopReason: string | null;
  inferred: boolean;
}

/**
 * True when the charger speaks OCPP (devices.protocol, set by charger/add and the inventory import). A
 * charger reporting over MQTT has no transactions: its sessions are runs of its raw points.
 */
export async function speaksOcpp(db: DbHandle, deviceId: number): Promise<boolean> {
  const res = await db.query<{ ocpp: boolean }>(
    `SELECT protocol = 'ocpp' AS ocpp FROM devices WHERE id = $1`,
    [deviceId],
  );
  return res.rows[0]?.ocpp === true;
}

/** The charger's transactions started in [from, to), oldest first. */
export async function listSessions(
  db: DbHandle,
  deviceId: number,
  from: Date,
  to: Date,
): Promise<SessionListRow[]> {
  const res = await db.query<SessionListRow>(
    `SELECT id AS "transactionId", connector_id AS "connectorId", id_tag AS "idTag", started_at AS "startedAt",
            stopped_at AS "stoppedAt", meter_start AS "meterStart", meter_last AS "meterLast",
            energy_wh AS "energyWh", stop_reason AS "stopReason", stop_inferred AS inferred
     FROM charging_sessions WHERE device_id = $1 AND started_at >= $2 AND started_at < $3
     ORDER BY started_at, id`,
    [deviceId, from.toISOString(), to.toISOString()],
  );
  return res.rows.map((r) => ({
    ...r,
    startedAt: new Date(r.startedAt),
    stoppedAt: r.stoppedAt === null ? null : new Date(r.stoppedAt),
    meterStart: Number(r.meterStart),
    meterLast: r.meterLast === null ? null : Number(r.meterLast),
    energyWh: r.energyWh === null ? null : Number(r.energyWh),
  }));
}
