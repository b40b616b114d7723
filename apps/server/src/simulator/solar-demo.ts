/**
 * The solar-charging demo site (issue 33, docs/ocpp.md "Solar charging", "The demo site"): a charging site
 * with a PV inverter and a grid meter (MQTT, the fleet's models) and two OCPP chargers `DEMO-SOLAR-1` and
 * `-2` (ocpp-fleet.ts) whose cars plug in for the measured daytime sessions. The chargers start in the
 * solar modes `pv` and `minpv`, set through the product's own service as the owner would; the cars draw
 * what their profiles allow (ocpp-charger.ts) and the site's meter reads that draw (SiteModel.setExternalW),
 * so the controller's loop closes inside the simulator: PV = load + chargers + sold − bought.
 */
import { DEFAULT_MIN_CURRENT_A, type SolarMode } from '@ems/contract/api/solar-charging';
import type { DbHandle } from '../db/client';
import { DEMO_ACCOUNT } from '../db/seed/accounts';
import { setChargerMode } from '../modules/ocpp/solar/service';
import { type SiteSpec, siteSpec } from './catalog';
import type { ChargerParams } from './charger-model';
import type { DemoOcppCharger } from './ocpp-fleet';
import { type EvSession, profiles } from './profiles';
import { hashString } from './random';

/**
 * Index of the site in catalog.siteSpec's sequence: a charging site past the largest fleet
 * (SIMULATOR_SITES ≤ 2000) and the gateway demo's 2001, so its serial numbers are never another's.
 */
const SOLAR_SITE_INDEX = 2002;

/** The solar-charging demo site's spec ("Solar carport, Shenzhen") for the installation tagged `snTag` (fleet-store's fleetSnTag). */
export function solarDemoSpec(snTag: string): SiteSpec {
  const spec = siteSpec(SOLAR_SITE_INDEX, snTag, true);
  if (!spec.solarCharging) throw new Error('the solar-charging demo site must be a charging site');
  // Named after what it is, not a family: it also sorts after the fleet's "… EV charging" sites, which
  // the browser specs take as the first charging site.
  return { ...spec, name: `Solar carport, ${spec.place.city}` };
}

/** The modes the demo's chargers start in, by position (DEMO-SOLAR-1, DEMO-SOLAR-2). */
const START_MODES: readonly SolarMode[] = ['pv', 'minpv'];

/** Plug-in window of a daytime session (local minutes) and the least it stays plugged in (min). */
const DAY_FROM_MIN = 8 * 60;
const DAY_TO_MIN = 13 * 60;
const DAY_MIN_PLUG_MIN = 4 * 60;

/**
 * The measured sessions (profiles/ev-sessions.json) that plug in between 08:00 and 13:00 and stay at
 * least 4 h: a car at home, or at the carport, over the sunny hours.
 */
export function daytimeSessions(): EvSession[] {
  return profiles().ev.filter(
    ([startMin, , plugMin]) =>
      startMin >= DAY_FROM_MIN && startMin <= DAY_TO_MIN && plugMin >= DAY_MIN_PLUG_MIN,
  );
}

/** A demo solar charger's car: a daytime session every day, at most `ratedW`. */
export function solarChargerParams(identity: string, ratedW: number): ChargerParams {
  return { seed: hashString(identity), ratedW, sessions: daytimeSessions(), dayShare: 1 };
}

/**
 * Puts the demo's solar chargers that have no solar-charging mode yet into their start modes through
 * the product's service (station/charger/mode's), as the demo owner: a mode the owner chose since, `off`
 * included, stays.
 * @param changed tells the running controller (SolarCharging.siteChanged), as the route does.
 */
export async function ensureSolarModes(
  db: DbHandle,
  chargers: readonly DemoOcppCharger[],
  changed?: (stationId: number) => Promise<void>,
): Promise<void> {
  const solar = chargers.filter((c) => c.site.spec.solarCharging);
  if (solar.length === 0) return;
  const owner = await db.query<{ id: number; login_name: string }>(
    'SELECT id, login_name FROM users WHERE login_name = $1',
    [DEMO_ACCOUNT.loginName],
  );
  const o = owner.rows[0];
  if (!o) return;
  const set = await db.query<{ device_id: number }>(
    'SELECT device_id FROM charger_solar WHERE device_id = ANY($1::int[])',
    [solar.map((c) => c.deviceId)],
  );
  const done = new Set(set.rows.map((r) => r.device_id));
  const user = { userId: o.id, sessionId: 0, loginName: o.login_name, roles: [] };
  for (const [k, c] of solar.entries()) {
    if (done.has(c.deviceId)) continue;
    const mode = START_MODES[k % START_MODES.length]!;
    await setChargerMode(
      db,
      { user, ip: null },
      { deviceId: c.deviceId, mode, minCurrentA: DEFAULT_MIN_CURRENT_A },
      changed,
    );
  }
}
