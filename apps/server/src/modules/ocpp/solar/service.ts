/**
 * The solar-charging calls (issue 33, docs/ocpp.md "Solar charging"): a charger's mode, set by the site's
 * owner or an administrator and read by whoever may view the site; the site's settings likewise. Missing
 * and foreign ids answer 无操作权限; a device that is no OCPP charger ocpp.notACharger; a site that is not a
 * charging site ocpp.notChargingSite. A mode change is recorded as a charger command (`SetSolarMode`,
 * the audit: who, from where, what, when).
 */
import {
  DEFAULT_MIN_CURRENT_A,
  DEFAULT_SOLAR_PRIORITY,
  type SolarModeBody,
  type SolarSite,
} from '@ems/contract/api/solar-charging';
import type { DbHandle } from '../../../db/client';
import type { SessionUser } from '../../../http/context';
import { noPermission } from '../../../http/errors';
import { findDevice } from '../../access/repo';
import { isAdmin } from '../../access/require-admin';
import { requireStationAccess } from '../../access/station-access';
import { insertCommand } from '../commands/repo';
import { notACharger, notChargingSite } from '../errors';
import { saveSolarMode, saveSolarSettings } from './repo';

/** Spec §1 system kind 2: charging. */
const CHARGING = 2;

/** What the calls tell the running controller: a site's modes or settings changed (never throws). */
export type SolarChanged = (stationId: number) => Promise<void>;

/**
 * POST station/charger/mode: sets the charger's mode (connector 1 unless named, minimum 6 A unless given,
 * phases the charger's own unless given, priority 0 unless given), records it for the audit and has the site stepped at once.
 * @throws noPermission (missing, foreign, a viewer), notACharger.
 */
export async function setChargerMode(
  db: DbHandle,
  asker: { user: SessionUser; ip: string | null },
  body: SolarModeBody,
  changed: SolarChanged | undefined,
): Promise<void> {
  const device = await findDevice(db.db, body.deviceId);
  if (!device || device.stationId === null) throw noPermission();
  const station = await requireStationAccess(db, asker.user, device.stationId);
  if (!isAdmin(asker.user) && station.ownerId !== asker.user.userId) throw noPermission();
  if (device.protocol !== 'ocpp') throw notACharger();
  const settings = {
    deviceId: body.deviceId,
    connectorId: body.connectorId ?? 1,
    mode: body.mode,
    minCurrentA: body.minCurrentA ?? DEFAULT_MIN_CURRENT_A,
    phases: body.phases ?? null,
    priority: body.priority ?? DEFAULT_SOLAR_PRIORITY,
  };
  await saveSolarMode(db, settings);
  await insertCommand(db, {
    deviceId: body.deviceId,
    action: 'SetSolarMode',
    params: settings,
    userId: asker.user.userId,
    ip: asker.ip,
    state: 'accepted',
    error: null,
  });
  await changed?.(device.stationId);
}

async function requireChargingSite(db: DbHandle, user: SessionUser, stationId: number) {
  const station = await requireStationAccess(db, user, stationId);
  if (station.systemType !== CHARGING) throw notChargingSite();
  return station;
}

/** The site's settings and its grid meter's latest power. */
async function siteOf(db: DbHandle, stationId: number): Promise<SolarSite> {
  const res = await db.query<SolarSite>(
    `SELECT st.solar_battery_priority_soc AS "batteryPrioritySoc", st.solar_enable_delay_s AS "enableDelayS",
       st.solar_disable_delay_s AS "disableDelayS", m.w::float8 AS "gridW",
       (extract(epoch FROM m.ts) * 1000)::float8 AS "meterAt"
     FROM stations st LEFT JOIN LATERAL (SELECT l.w, l.ts FROM devices d JOIN device_latest l ON l.device_id = d.id
       WHERE d.station_id = st.id AND d.device_type = 'meter' AND l.w IS NOT NULL ORDER BY l.ts DESC LIMIT 1) m ON true
     WHERE st.id = $1`,
    [stationId],
  );
  return res.rows[0]!;
}

/** GET station/charger/solar. @throws noPermission, notChargingSite. */
export async function solarSite(db: DbHandle, user: SessionUser, stationId: number): Promise<SolarSite> {
  await requireChargingSite(db, user, stationId);
  return siteOf(db, stationId);
}

/**
 * POST station/charger/solar/set: the site's battery-priority SOC and delays (owner or administrator).
 * @throws noPermission, notChargingSite.
 */
export async function setSolarSite(
  db: DbHandle,
  user: SessionUser,
  body: { stationId: number; batteryPrioritySoc: number; enableDelayS: number; disableDelayS: number },
  changed: SolarChanged | undefined,
): Promise<SolarSite> {
  const station = await requireChargingSite(db, user, body.stationId);
  if (station.ownerId !== user.userId && !isAdmin(user)) throw noPermission();
  await saveSolarSettings(db, body);
  await changed?.(body.stationId);
  return siteOf(db, body.stationId);
}
