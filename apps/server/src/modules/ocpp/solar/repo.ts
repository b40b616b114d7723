/**
 * SQL of solar charging (issue 33, docs/ocpp.md "Solar charging"): what one controller step of a site
 * needs, in one read, and what it writes back (hysteresis, the decision, what was sent, today's energy).
 */
import type { SolarMode, SolarReason } from '@ems/contract/api/solar-charging';
import type { DbHandle } from '../../../db/client';

/** A charger under solar control as the step reads it. */
export interface SolarChargerRow {
  deviceId: number;
  connectorId: number;
  mode: SolarMode;
  minCurrentA: number;
  phases: number | null;
  /** 0–9, higher first. */
  priority: number;
  ratedW: number | null;
  online: boolean;
  /** Its latest power, W, and when (epoch ms); null before its first MeterValues. */
  drawW: number | null;
  drawAt: number | null;
  /** The connector's last status (OCPP ChargePointStatus), null before its first. */
  status: string | null;
  /** The open session on the connector, null when none. */
  transactionId: number | null;
  enabled: boolean;
  timerSince: number | null;
  decidedAt: number | null;
  sentLimitA: number | null;
  sentTransactionId: number | null;
}

/** A site as the step reads it. */
export interface SolarSiteRow {
  stationId: number;
  timeZone: string;
  chargeLimitKw: number | null;
  batteryPrioritySoc: number;
  enableDelayS: number;
  disableDelayS: number;
  /** The site's grid meter's latest W (> 0 buy) and when (epoch ms); null without a meter sample. */
  gridW: number | null;
  gridAt: number | null;
  /** The site's batteries together: W (> 0 discharge) and the mean SOC; null without a battery. */
  batteryW: number | null;
  batterySoc: number | null;
  chargers: SolarChargerRow[];
}

const ms = (col: string) => `(extract(epoch FROM ${col}) * 1000)::float8`;

/** The site's settings, samples and solar chargers; null when the site does not exist. */
export async function readSolarSite(db: DbHandle, stationId: number): Promise<SolarSiteRow | null> {
  return (await readSolarSites(db, [stationId]))[0] ?? null;
}

/**
 * Many sites in one query (the runtime steps the sites with new samples together): the sites of
 * `stationIds` that exist, in no particular order.
 */
export async function readSolarSites(db: DbHandle, stationIds: readonly number[]): Promise<SolarSiteRow[]> {
  if (stationIds.length === 0) return [];
  const res = await db.query<Omit<SolarSiteRow, 'chargers'> & { chargers: SolarChargerRow[] }>(
    `SELECT st.id AS "stationId", st.time_zone AS "timeZone", st.charge_limit_kw AS "chargeLimitKw",
       st.solar_battery_priority_soc AS "batteryPrioritySoc", st.solar_enable_delay_s AS "enableDelayS",
       st.solar_disable_delay_s AS "disableDelayS",
       m.w::float8 AS "gridW", ${ms('m.ts')} AS "gridAt",
       b.w AS "batteryW", b.soc AS "batterySoc",
       coalesce((SELECT jsonb_agg(jsonb_build_object(
           'deviceId', d.id, 'connectorId', cs.connector_id, 'mode', cs.mode,
           'minCurrentA', cs.min_current_a, 'phases', cs.phases, 'priority', cs.priority,
           'ratedW', d.rated_power_w,
           'online', EXISTS (SELECT 1 FROM ocpp_connections o WHERE o.device_id = d.id),
           'drawW', dl.w, 'drawAt', ${ms('dl.ts')},
           'status', (SELECT c.status FROM charger_connectors c
                      WHERE c.device_id = d.id AND c.connector_id = cs.connector_id),
           'transactionId', (SELECT s.id FROM charging_sessions s WHERE s.device_id = d.id
                      AND s.connector_id = cs.connector_id AND s.stopped_at IS NULL
                      ORDER BY s.started_at DESC LIMIT 1),
           'enabled', cs.enabled, 'timerSince', ${ms('cs.timer_since')},
           'decidedAt', ${ms('cs.decided_at')},
           'sentLimitA', cs.sent_limit_a, 'sentTransactionId', cs.sent_transaction_id) ORDER BY d.id)
         FROM charger_solar cs JOIN devices d ON d.id = cs.device_id
         LEFT JOIN device_latest dl ON dl.device_id = d.id
         WHERE d.station_id = st.id), '[]'::jsonb) AS chargers
     FROM stations st
     LEFT JOIN LATERAL (SELECT l.w, l.ts FROM devices d JOIN device_latest l ON l.device_id = d.id
       WHERE d.station_id = st.id AND d.device_type = 'meter' AND l.w IS NOT NULL
       ORDER BY l.ts DESC LIMIT 1) m ON true
     LEFT JOIN LATERAL (SELECT sum(l.w)::float8 AS w, avg(l.soc)::float8 AS soc
       FROM devices d JOIN device_latest l ON l.device_id = d.id
       WHERE d.station_id = st.id AND d.device_type = 'battery' AND l.w IS NOT NULL
       HAVING count(*) > 0) b ON true
     WHERE st.id = ANY($1::int[])`,
    [stationIds],
  );
  return res.rows;
}

/** One charger's step outcome to store. */
export interface SolarWrite {
  deviceId: number;
  enabled: boolean;
  timerSince: number | null;
  limitA: number;
  reason: SolarReason;
  needW: number | null;
  delayUntil: number | null;
  surplusW: number | null;
  decidedAt: number;
  /** What was sent now (undefined: nothing was sent, keep the record). */
  sent?: { limitA: number; transactionId: number | null };
  /** Energy since the last step, Wh, and its part from surplus, on `day` (the site's local date). */
  day: string;
  chargedWh: number;
  solarWh: number;
}

const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Stores the steps' outcomes of any number of chargers (of one or many sites) and adds their energy: two
 * statements whatever the count, so a batch of sites costs the database about what one site did.
 */
export async function writeSolarStep(db: DbHandle, writes: readonly SolarWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const rows = writes.map((w) => ({
    deviceId: w.deviceId,
    enabled: w.enabled,
    timerSince: iso(w.timerSince),
    limitA: w.limitA,
    reason: w.reason,
    needW: w.needW,
    delayUntil: iso(w.delayUntil),
    surplusW: w.surplusW,
    decidedAt: iso(w.decidedAt),
    sent: w.sent !== undefined,
    sentLimitA: w.sent?.limitA ?? null,
    sentTransactionId: w.sent?.transactionId ?? null,
  }));
  await db.query(
    `UPDATE charger_solar cs SET enabled = w."enabled", timer_since = w."timerSince", limit_a = w."limitA",
       reason = w.reason, need_w = w."needW", delay_until = w."delayUntil", surplus_w = w."surplusW",
       decided_at = w."decidedAt",
       sent_limit_a = CASE WHEN w.sent THEN w."sentLimitA" ELSE cs.sent_limit_a END,
       sent_transaction_id = CASE WHEN w.sent THEN w."sentTransactionId" ELSE cs.sent_transaction_id END
     FROM jsonb_to_recordset($1::jsonb) AS w("deviceId" int, "enabled" boolean, "timerSince" timestamptz,
       "limitA" float8, reason text, "needW" int, "delayUntil" timestamptz, "surplusW" int,
       "decidedAt" timestamptz, sent boolean, "sentLimitA" float8, "sentTransactionId" int)
     WHERE cs.device_id = w."deviceId"`,
    [JSON.stringify(rows)],
  );
  const energy = writes
    .filter((w) => w.chargedWh > 0)
    .map((w) => ({ deviceId: w.deviceId, day: w.day, chargedWh: w.chargedWh, solarWh: w.solarWh }));
  if (energy.length > 0)
    await db.query(
      `INSERT INTO charger_solar_days (device_id, day, charged_wh, solar_wh)
       SELECT e."deviceId", e.day, e."chargedWh", e."solarWh"
       FROM jsonb_to_recordset($1::jsonb) AS e("deviceId" int, day text, "chargedWh" float8, "solarWh" float8)
       ON CONFLICT (device_id, day) DO UPDATE SET charged_wh = charger_solar_days.charged_wh + excluded.charged_wh,
         solar_wh = charger_solar_days.solar_wh + excluded.solar_wh`,
      [JSON.stringify(energy)],
    );
}

/** Sets a charger's mode, minimum, phases and priority (restarts its hysteresis and resends its limit). */
export async function saveSolarMode(
  db: DbHandle,
  body: {
    deviceId: number;
    connectorId: number;
    mode: SolarMode;
    minCurrentA: number;
    phases: number | null;
    priority: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO charger_solar (device_id, connector_id, mode, min_current_a, phases, priority)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (device_id) DO UPDATE SET connector_id = excluded.connector_id, mode = excluded.mode,
       min_current_a = excluded.min_current_a, phases = excluded.phases, priority = excluded.priority,
       enabled = false, timer_since = NULL, sent_limit_a = NULL, sent_transaction_id = NULL`,
    [body.deviceId, body.connectorId, body.mode, body.minCurrentA, body.phases, body.priority],
  );
}

/** Sets the site's solar-charging settings. */
export async function saveSolarSettings(
  db: DbHandle,
  s: { stationId: number; batteryPrioritySoc: number; enableDelayS: number; disableDelayS: number },
): Promise<void> {
  await db.query(
    `UPDATE stations SET solar_battery_priority_soc = $2, solar_enable_delay_s = $3, solar_disable_delay_s = $4
     WHERE id = $1`,
    [s.stationId, s.batteryPrioritySoc, s.enableDelayS, s.disableDelayS],
  );
}

/** Grid meters of the sites with at least one charger under solar control: meter device id → site id. */
export async function solarMeters(db: DbHandle): Promise<Map<number, number>> {
  const res = await db.query<{ deviceId: number; stationId: number }>(
    `SELECT m.id AS "deviceId", m.station_id AS "stationId" FROM devices m
     WHERE m.device_type = 'meter' AND m.station_id IN (
       SELECT d.station_id FROM charger_solar cs JOIN devices d ON d.id = cs.device_id)`,
  );
  return new Map(res.rows.map((r) => [r.deviceId, r.stationId]));
}

/** Sites with at least one charger under solar control. */
export async function solarSites(db: DbHandle): Promise<number[]> {
  const res = await db.query<{ stationId: number }>(
    `SELECT DISTINCT d.station_id AS "stationId" FROM charger_solar cs JOIN devices d ON d.id = cs.device_id
     WHERE d.station_id IS NOT NULL`,
  );
  return res.rows.map((r) => r.stationId);
}
