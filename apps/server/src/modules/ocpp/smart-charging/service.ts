/**
 * The site charging limit calls (issue 22 item 5, docs/ocpp.md "Smart charging"): reading it is open to
 * whoever may view the site (owner, administrators, friends it is shared with); setting it to its owner
 * and administrators. Missing and foreign sites answer alike (无操作权限); a site that is not a charging
 * site answers ocpp.notChargingSite.
 */
import type { SiteChargeLimit } from '@ems/contract/api/ocpp-charger';
import type { DbHandle } from '../../../db/client';
import type { SessionUser } from '../../../http/context';
import { noPermission } from '../../../http/errors';
import { isAdmin } from '../../access/require-admin';
import { requireStationAccess, type StationRow } from '../../access/station-access';
import { notChargingSite } from '../errors';
import { divideSite } from './rebalance';
import { saveSiteLimit } from './repo';
import type { SmartCharging } from './runtime';

/** Spec §1 system kind 2: charging. */
const CHARGING = 2;

async function requireChargingSite(db: DbHandle, user: SessionUser, stationId: number): Promise<StationRow> {
  const station = await requireStationAccess(db, user, stationId);
  if (station.systemType !== CHARGING) throw notChargingSite();
  return station;
}

/** The site's limit and how it is divided now, kW. */
async function answerOf(db: DbHandle, stationId: number): Promise<SiteChargeLimit> {
  const division = await divideSite(db, stationId);
  return {
    limitKw: division.limitKw,
    allocations: division.allocations.map((a) => ({
      deviceId: a.deviceId,
      limitKw: a.limitW / 1000,
      charging: a.charging,
    })),
  };
}

/** The site's charging limit and its division. @throws noPermission, notChargingSite. */
export async function siteChargeLimit(
  db: DbHandle,
  user: SessionUser,
  stationId: number,
): Promise<SiteChargeLimit> {
  await requireChargingSite(db, user, stationId);
  return answerOf(db, stationId);
}

/**
 * Sets (limitKw) or lifts (null) the site's charging limit and has the site recomputed: each charger gets
 * its share as a profile, or its profile cleared (through `smart`; without it the limit is only stored).
 * @throws noPermission (not the owner nor an administrator), notChargingSite.
 */
export async function setSiteChargeLimit(
  db: DbHandle,
  user: SessionUser,
  body: { stationId: number; limitKw: number | null },
  smart: SmartCharging | undefined,
): Promise<SiteChargeLimit> {
  const station = await requireChargingSite(db, user, body.stationId);
  if (station.ownerId !== user.userId && !isAdmin(user)) throw noPermission();
  await saveSiteLimit(db, body.stationId, body.limitKw);
  await smart?.siteChanged(body.stationId);
  return answerOf(db, body.stationId);
}
