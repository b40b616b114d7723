/**
 * The demo fleet's OCPP chargers (issue 22 item 6), made at the simulator's start like the rest of the
 * fleet (fleet-store.ts) and idempotent: every demo charging site gets one charger `DEMO-CP-{n}` (n counts
 * the charging sites in fleet order) and an id tag `DEMO-{n}` its driver authorises with. The charger's
 * key is HMAC-SHA256(simulator secret, identity), first 40 hex characters: the devices row keeps only its
 * SHA-256 (as charger/add does), and the simulator derives the key in-process, so it never lies anywhere.
 * A charger the owner took off its site is not put back; a `DEMO-CP-{n}` that is not the demo's (another
 * key) is left alone. The solar-charging demo site (solar-demo.ts) gets two, `DEMO-SOLAR-1` and `-2`.
 */
import { MAX_ID_TAGS_PER_SITE } from '@ems/contract/api/ocpp';
import type { DbHandle } from '../db/client';
import { hashDeviceSecret, verifyDeviceSecret } from '../ingest/device-secret';
import { insertIdTag } from '../modules/ocpp/id-tags-repo';
import type { FleetSite } from './fleet-store';
import { deviceSecret } from './fleet-store';

/** A demo OCPP charger ready to connect. */
export interface DemoOcppCharger {
  identity: string;
  key: string;
  idTag: string;
  site: FleetSite;
  deviceId: number;
}

/** Rated power of the demo OCPP chargers (W): 16 A on three phases. */
export const DEMO_OCPP_RATED_W = 11_000;

/** The key of a demo OCPP charger: 40 hex characters, like charger/add's. */
export function demoChargerKey(simSecret: string, identity: string): string {
  return deviceSecret(simSecret, identity).slice(0, 40);
}

/** Identities of the solar-charging demo site's two OCPP chargers (solar-demo.ts). */
export const SOLAR_CHARGER_IDS = ['DEMO-SOLAR-1', 'DEMO-SOLAR-2'] as const;

/**
 * Commissions what is missing of the demo OCPP chargers and their id tags: `DEMO-CP-{n}` on the n-th
 * charging site, and on the solar-charging demo site (SiteSpec.solarCharging) its two SOLAR_CHARGER_IDS,
 * each authorising with an id tag of its own identity's name.
 */
export async function ensureOcppChargers(
  db: DbHandle,
  sites: readonly FleetSite[],
  simSecret: string,
): Promise<DemoOcppCharger[]> {
  const out: DemoOcppCharger[] = [];
  let n = 0;
  for (const site of sites) {
    if (site.spec.kind !== 'charging') continue;
    if (site.spec.solarCharging) {
      for (const [k, identity] of SOLAR_CHARGER_IDS.entries()) {
        const c = await commission(db, site, identity, `Carport charger ${k + 1}`, identity, simSecret);
        if (c) out.push(c);
      }
      continue;
    }
    n++;
    const c = await commission(db, site, `DEMO-CP-${n}`, `OCPP charger ${n}`, `DEMO-${n}`, simSecret);
    if (c) out.push(c);
  }
  return out;
}

/** One demo charger on `site`: null when the site is gone, or the identity is not (or no longer) the demo's. */
async function commission(
  db: DbHandle,
  site: FleetSite,
  identity: string,
  name: string,
  idTag: string,
  simSecret: string,
): Promise<DemoOcppCharger | null> {
  if (site.stationId === null) return null;
  const key = demoChargerKey(simSecret, identity);
  await db.query(
    `INSERT INTO devices (station_id, name, serial_number, device_type, manufacturer, model, rated_power_w, secret_hash,
                          protocol)
     VALUES ($1, $2, $3, 'charger', 'EMS demo', 'Norway replay AC', $4, $5, 'ocpp')
     ON CONFLICT (serial_number) DO NOTHING`,
    [site.stationId, name, identity, DEMO_OCPP_RATED_W, hashDeviceSecret(key)],
  );
  const row = await db.query<{
    id: number;
    station_id: number | null;
    secret_hash: string;
    device_type: string;
  }>('SELECT id, station_id, secret_hash, device_type FROM devices WHERE serial_number = $1', [identity]);
  const d = row.rows[0];
  if (!d || d.station_id === null || d.device_type !== 'charger') return null;
  if (!verifyDeviceSecret(key, d.secret_hash)) return null;
  await insertIdTag(db, d.station_id, idTag, 'Demo driver', MAX_ID_TAGS_PER_SITE);
  return { identity, key, idTag, site, deviceId: d.id };
}
