/**
 * SQL of smart charging (issue 22 item 5): a site's charging limit (stations.charge_limit_kw), its chargers'
 * state as allocation needs it, and the limit last sent to each charger (charger_site_limits).
 */
import type { DbHandle } from '../../../db/client';
import type { ChargerState } from './allocate';

/** The site's charging limit, kW; null when it has none (or the site does not exist). */
export async function siteLimitKw(db: DbHandle, stationId: number): Promise<number | null> {
  const res = await db.query<{ kw: number | null }>(
    'SELECT charge_limit_kw AS kw FROM stations WHERE id = $1',
    [stationId],
  );
  return res.rows[0]?.kw ?? null;
}

/** Sets (or with null lifts) the site's charging limit, kW. */
export async function saveSiteLimit(db: DbHandle, stationId: number, kw: number | null): Promise<void> {
  await db.query('UPDATE stations SET charge_limit_kw = $2 WHERE id = $1', [stationId, kw]);
}

/** A charger of the site with what allocation and its profile need. */
export interface SiteCharger extends ChargerState {
  /** Its outlets (connectors > 0 it reported a status for), at least 1. */
  outlets: number;
}

/** The site's chargers, by device id: open sessions, maximum power, outlets and connection. */
export async function siteChargers(db: DbHandle, stationId: number): Promise<SiteCharger[]> {
  const res = await db.query<{
    deviceId: number;
    since: Date | null;
    maxW: number | null;
    outlets: number;
    online: boolean;
  }>(
    `SELECT d.id AS "deviceId", d.rated_power_w AS "maxW",
       EXISTS (SELECT 1 FROM ocpp_connections o WHERE o.device_id = d.id) AS online,
       (SELECT min(s.started_at) FROM charging_sessions s WHERE s.device_id = d.id AND s.stopped_at IS NULL) AS since,
       (SELECT count(*)::int FROM charger_connectors c WHERE c.device_id = d.id AND c.connector_id > 0) AS outlets
     FROM devices d WHERE d.station_id = $1 AND d.protocol = 'ocpp' ORDER BY d.id`,
    [stationId],
  );
  return res.rows.map((r) => ({
    deviceId: r.deviceId,
    charging: r.since !== null,
    chargingSince: r.since === null ? null : new Date(r.since).getTime(),
    maxW: r.maxW,
    outlets: Math.max(1, r.outlets),
    online: r.online,
  }));
}

/** The limit last sent to each charger of the site, W per connector, by device id. */
export async function sentLimits(db: DbHandle, stationId: number): Promise<Map<number, number>> {
  const res = await db.query<{ deviceId: number; limitW: number }>(
    `SELECT l.device_id AS "deviceId", l.limit_w AS "limitW" FROM charger_site_limits l
     JOIN devices d ON d.id = l.device_id WHERE d.station_id = $1`,
    [stationId],
  );
  return new Map(res.rows.map((r) => [r.deviceId, r.limitW]));
}

/** Records the limit sent to a charger, W per connector. */
export async function noteSent(db: DbHandle, deviceId: number, limitW: number): Promise<void> {
  await db.query(
    `INSERT INTO charger_site_limits (device_id, limit_w) VALUES ($1, $2)
     ON CONFLICT (device_id) DO UPDATE SET limit_w = excluded.limit_w, sent_at = now()`,
    [deviceId, limitW],
  );
}

/** Forgets what was sent to a charger (its profile was cleared). */
export async function forgetSent(db: DbHandle, deviceId: number): Promise<void> {
  await db.query('DELETE FROM charger_site_limits WHERE device_id = $1', [deviceId]);
}

/**
 * Forgets what was sent to a charger that booted, so that it is sent again, when its site still has a
 * limit (with the limit lifted the record stays: the recomputation clears the profile it names).
 */
export async function forgetSentOnBoot(db: DbHandle, deviceId: number): Promise<void> {
  await db.query(
    `DELETE FROM charger_site_limits l USING devices d JOIN stations s ON s.id = d.station_id
     WHERE l.device_id = $1 AND d.id = l.device_id AND s.charge_limit_kw IS NOT NULL`,
    [deviceId],
  );
}

/**
 * The site of a charger when smart charging has something to do there: the site has a limit, or the
 * charger still holds a site-limit profile. Null otherwise (the common case: one cheap read).
 */
export async function managedSiteOf(db: DbHandle, deviceId: number): Promise<number | null> {
  const res = await db.query<{ stationId: number }>(
    `SELECT d.station_id AS "stationId" FROM devices d JOIN stations s ON s.id = d.station_id
     WHERE d.id = $1 AND (s.charge_limit_kw IS NOT NULL
       OR EXISTS (SELECT 1 FROM charger_site_limits l WHERE l.device_id = d.id))`,
    [deviceId],
  );
  return res.rows[0]?.stationId ?? null;
}
