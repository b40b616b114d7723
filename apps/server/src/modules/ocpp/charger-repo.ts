/**
 * SQL of a connected charger (issue 22): who it is, its boot record, its last-seen time and each
 * connector's status. A charger is a devices row (device_type charger, serial_number = identity).
 */
import type { DbHandle } from '../../db/client';

/** A charger as its connection knows it. */
export interface ChargerRow {
  deviceId: number;
  stationId: number | null;
  secretHash: string;
}

/** The charger whose identity is `identity`, or undefined (no such device, or not a charger). */
export async function findCharger(db: DbHandle, identity: string): Promise<ChargerRow | undefined> {
  const res = await db.query<ChargerRow>(
    `SELECT id AS "deviceId", station_id AS "stationId", secret_hash AS "secretHash"
     FROM devices WHERE serial_number = $1 AND protocol = 'ocpp'`,
    [identity],
  );
  return res.rows[0];
}

/** What a BootNotification says about the charger (OCPP 1.6 BootNotification.req). */
export interface BootInfo {
  chargePointVendor: string;
  chargePointModel: string;
  firmwareVersion?: string;
}

/** Writes vendor, model and firmware into the device record (manufacturer, model, software version). */
export async function saveBoot(db: DbHandle, deviceId: number, boot: BootInfo): Promise<void> {
  await db.query(
    `UPDATE devices SET manufacturer = $2, model = $3, software_version = coalesce($4, software_version)
     WHERE id = $1`,
    [deviceId, boot.chargePointVendor, boot.chargePointModel, boot.firmwareVersion ?? null],
  );
}

/**
 * Notes that the charger was heard now (device_latest.last_seen_at: what "online" reads). A charger that
 * never sent a meter value gets a row without values, its sample time the epoch, so that its first
 * MeterValues, however old their own timestamps, become its live values.
 */
export async function touchSeen(db: DbHandle, deviceId: number): Promise<void> {
  await db.query(
    `INSERT INTO device_latest (device_id, ts, points, last_seen_at) VALUES ($1, to_timestamp(0), '{}', now())
     ON CONFLICT (device_id) DO UPDATE SET last_seen_at = now()`,
    [deviceId],
  );
}

/** One StatusNotification of a connector. */
export interface ConnectorStatusRow {
  connectorId: number;
  status: string;
  errorCode: string;
  info: string | null;
  vendorErrorCode: string | null;
  statusAt: Date;
}

/**
 * Stores a connector's status unless a newer one is already stored (a replayed old notification changes
 * nothing). @returns the error code the connector had before (null when it had none stored) and whether
 * this notification was applied.
 */
export async function saveConnectorStatus(
  db: DbHandle,
  deviceId: number,
  s: ConnectorStatusRow,
): Promise<{ applied: boolean; previousError: string | null }> {
  const res = await db.query<{ previous: string | null; applied: boolean }>(
    `WITH prev AS (SELECT error_code, status_at FROM charger_connectors WHERE device_id = $1 AND connector_id = $2),
     up AS (
       INSERT INTO charger_connectors (device_id, connector_id, status, error_code, info, vendor_error_code, status_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (device_id, connector_id) DO UPDATE SET status = excluded.status, error_code = excluded.error_code,
         info = excluded.info, vendor_error_code = excluded.vendor_error_code, status_at = excluded.status_at
       WHERE charger_connectors.status_at <= excluded.status_at
       RETURNING 1)
     SELECT (SELECT error_code FROM prev) AS previous, EXISTS (SELECT 1 FROM up) AS applied`,
    [deviceId, s.connectorId, s.status, s.errorCode, s.info, s.vendorErrorCode, s.statusAt.toISOString()],
  );
  const row = res.rows[0];
  return { applied: row?.applied ?? false, previousError: row?.previous ?? null };
}

/** The error codes (not NoError) that any connector of the charger reports now. */
export async function activeErrorCodes(db: DbHandle, deviceId: number): Promise<Set<string>> {
  const res = await db.query<{ code: string }>(
    `SELECT DISTINCT error_code AS code FROM charger_connectors WHERE device_id = $1 AND error_code <> 'NoError'`,
    [deviceId],
  );
  return new Set(res.rows.map((r) => r.code));
}

/**
 * Copies the charger's status into its live values (device_latest.points.ConnectorStatus, what the station
 * page and the fleet read for every charger): connector 0's when the whole charger is Faulted or
 * Unavailable, else the first connector's (home chargers have one), else connector 0's.
 */
export async function refreshLiveStatus(db: DbHandle, deviceId: number): Promise<void> {
  await db.query(
    `UPDATE device_latest SET points = points || jsonb_build_object('ConnectorStatus', c.status)
     FROM (SELECT status FROM charger_connectors WHERE device_id = $1
           ORDER BY (connector_id = 0 AND status IN ('Faulted', 'Unavailable')) DESC, connector_id = 0, connector_id
           LIMIT 1) c
     WHERE device_id = $1`,
    [deviceId],
  );
}
