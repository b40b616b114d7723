/**
 * SQL of the station page's charger list (docs/ocpp.md "Operating a charger"): a charging site's
 * chargers with what they said at boot, whether a node holds their socket, each connector's last status
 * and the open session on it, the share of the site's charging limit it was last sent, and its solar-charging
 * mode with the controller's last decision and today's and the month's energy (issue 33).
 */
import type { ChargerRow } from '@ems/contract/api/ocpp-charger';
import type { DbHandle } from '../../db/client';

/** The chargers of site `stationId`, by name. */
export async function chargersOfStation(db: DbHandle, stationId: number): Promise<ChargerRow[]> {
  const res = await db.query<ChargerRow>(
    `SELECT d.id AS "deviceId", d.name, d.serial_number AS identity,
       EXISTS (SELECT 1 FROM ocpp_connections o WHERE o.device_id = d.id) AS online,
       d.manufacturer AS vendor, d.model, d.software_version AS firmware,
       CASE WHEN l.last_seen_at IS NOT NULL THEN (extract(epoch FROM l.last_seen_at) * 1000)::float8 END
         AS "lastSeenAt",
       coalesce((
         SELECT jsonb_agg(jsonb_build_object(
             'connectorId', c.connector_id, 'status', c.status, 'errorCode', c.error_code,
             'transactionId', s.id, 'idTag', s.id_tag,
             'powerKw', CASE WHEN s.id IS NOT NULL THEN (l.points->>'W')::float8 / 1000 END)
           ORDER BY c.connector_id)
         FROM charger_connectors c
         LEFT JOIN LATERAL (
           SELECT id, id_tag FROM charging_sessions
           WHERE device_id = d.id AND connector_id = c.connector_id AND stopped_at IS NULL
           ORDER BY started_at DESC LIMIT 1) s ON true
         WHERE c.device_id = d.id), '[]'::jsonb) AS connectors,
       -- Smart charging's share as last sent: W per connector, times the outlets it applies to.
       CASE WHEN st.charge_limit_kw IS NOT NULL AND sl.limit_w IS NOT NULL THEN
         sl.limit_w * greatest(1, (SELECT count(*) FROM charger_connectors c
                                    WHERE c.device_id = d.id AND c.connector_id > 0))::float8 / 1000
       END AS "limitKw",
       -- Solar charging (issue 33): the mode and the controller's last decision; today in the site's zone.
       CASE WHEN cs.device_id IS NOT NULL THEN jsonb_build_object(
         'connectorId', cs.connector_id, 'mode', cs.mode, 'minCurrentA', cs.min_current_a,
         'phases', coalesce(cs.phases, CASE WHEN d.rated_power_w <= 7360 THEN 1 ELSE 3 END),
         'priority', cs.priority,
         'limitA', cs.limit_a, 'reason', cs.reason, 'needW', cs.need_w,
         'remainingS', CASE WHEN cs.delay_until > now() THEN ceil(extract(epoch FROM cs.delay_until - now()))::int END,
         'surplusW', cs.surplus_w,
         'decidedAt', (extract(epoch FROM cs.decided_at) * 1000)::float8,
         'todayChargedKwh', coalesce(sd.charged_wh, 0) / 1000, 'todaySolarKwh', coalesce(sd.solar_wh, 0) / 1000,
         'monthChargedKwh', coalesce(sm.charged_wh, 0) / 1000, 'monthSolarKwh', coalesce(sm.solar_wh, 0) / 1000)
       END AS solar
     FROM devices d LEFT JOIN device_latest l ON l.device_id = d.id
       JOIN stations st ON st.id = d.station_id
       LEFT JOIN charger_site_limits sl ON sl.device_id = d.id
       LEFT JOIN charger_solar cs ON cs.device_id = d.id
       LEFT JOIN charger_solar_days sd ON sd.device_id = d.id
         AND sd.day = to_char(now() AT TIME ZONE st.time_zone, 'YYYY-MM-DD')
       -- The month's days: their keys are YYYY-MM-DD, so the month is a prefix.
       LEFT JOIN LATERAL (SELECT sum(m.charged_wh) AS charged_wh, sum(m.solar_wh) AS solar_wh
         FROM charger_solar_days m WHERE m.device_id = d.id
           AND m.day LIKE to_char(now() AT TIME ZONE st.time_zone, 'YYYY-MM') || '-%') sm ON cs.device_id IS NOT NULL
     WHERE d.station_id = $1 AND d.protocol = 'ocpp'
     ORDER BY d.name, d.id`,
    [stationId],
  );
  return res.rows;
}

/** True when transaction `transactionId` is a session of the charger still open. */
export async function isOpenSession(db: DbHandle, deviceId: number, transactionId: number): Promise<boolean> {
  const res = await db.query(
    'SELECT 1 FROM charging_sessions WHERE id = $1 AND device_id = $2 AND stopped_at IS NULL',
    [transactionId, deviceId],
  );
  return res.rows.length > 0;
}
