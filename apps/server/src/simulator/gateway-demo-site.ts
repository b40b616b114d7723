/**
 * The demo's gateway site (issue 32, "Parts: The demo"): a home with a hybrid inverter, a battery and a
 * grid meter that speak SunSpec Modbus, read by a gateway. Only the site and its `gateway` device are
 * created here, as the administrator's import and the owner's device/add would leave them; the three
 * devices are created by the gateway's own announcement, through the ingest, as for a real installation.
 */
import type { DbHandle } from '../db/client';
import { DEMO_ACCOUNT } from '../db/seed/accounts';
import { hashDeviceSecret } from '../ingest/device-secret';
import { type SiteSpec, siteSpec } from './catalog';
import { deviceSecret, insertDemoStation } from './fleet-store';

/**
 * Index of the site in catalog.siteSpec's sequence: a home storage site past the largest fleet
 * (SIMULATOR_SITES ≤ 2000), so its serial numbers are never a fleet device's.
 */
const GATEWAY_SITE_INDEX = 2001;

/** The demo gateway's site: its model spec (inverter, battery, meter) and the gateway's identity. */
export interface GatewaySite {
  spec: SiteSpec;
  gatewaySn: string;
  /** The gateway's MQTT secret (as the inventory import would have handed it out). */
  secret: string;
  /** null once the owner removed the gateway from its site: the demo gateway then does not run. */
  stationId: number | null;
}

/** The spec of the gateway site of the installation tagged `snTag` (fleet-store's fleetSnTag). */
export function gatewaySiteSpec(snTag: string): SiteSpec {
  const spec = siteSpec(GATEWAY_SITE_INDEX, snTag);
  if (spec.kind !== 'storage') throw new Error('the gateway demo site must be a home storage site');
  return { ...spec, name: `${spec.place.family} home, SunSpec gateway, ${spec.place.city}` };
}

/**
 * Makes sure the gateway site and its gateway device exist (idempotent: recognised by the gateway's
 * serial number). Resolves to null when there is no demo owner.
 */
export async function ensureGatewaySite(
  db: DbHandle,
  snTag: string,
  simSecret: string,
): Promise<GatewaySite | null> {
  const spec = gatewaySiteSpec(snTag);
  const gatewaySn = `EMSGW${snTag}${String(GATEWAY_SITE_INDEX).padStart(6, '0')}`;
  const secret = deviceSecret(simSecret, gatewaySn);
  const found = await db.query<{ station_id: number | null }>(
    'SELECT station_id FROM devices WHERE serial_number = $1',
    [gatewaySn],
  );
  if (found.rows[0]) return { spec, gatewaySn, secret, stationId: found.rows[0].station_id };
  const owner = await db.query<{ id: number }>('SELECT id FROM users WHERE login_name = $1', [
    DEMO_ACCOUNT.loginName,
  ]);
  const ownerId = owner.rows[0]?.id;
  if (ownerId === undefined) return null;
  const stationId = await insertDemoStation(db, spec, ownerId);
  await db.query(
    `INSERT INTO devices (station_id, name, serial_number, comm_serial_number, device_type, model,
       manufacturer, software_version, secret_hash)
     VALUES ($1, 'SunSpec gateway', $2, $3, 'gateway', 'ems-gateway', 'Energy Cloud', $4, $5)`,
    [stationId, gatewaySn, `LG${gatewaySn.slice(-8)}`, '2.4', hashDeviceSecret(secret)],
  );
  return { spec, gatewaySn, secret, stationId };
}
