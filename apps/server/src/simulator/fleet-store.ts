/**
 * Makes sure the demo fleet exists in the database (idempotent): sites owned by the demo owner
 * (DEMO_ACCOUNT of the seed) with their devices. A site is recognised by its first
 * device's serial number, so a restart, or a larger SIMULATOR_SITES, only adds what is missing.
 * Device secrets are HMAC-SHA256(simulator secret, serial number); the simulator secret is generated once
 * and kept in settings ('simulator_secret'); devices.secret_hash holds SHA-256 of each device secret.
 * Serial numbers carry the installation's tag (fleetSnTag): two installations on one broker (a staging
 * and a production server, parallel test runs) would otherwise connect as the same devices, take each
 * other's MQTT sessions over and store each other's samples.
 * Each site gets its place's area code (the area tree of area/list), so the site list's area filter
 * finds the demo fleet; sites of older databases get theirs once (fillAreaCodesOnce).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { DbHandle } from '../db/client';
import { DEMO_ACCOUNT } from '../db/seed/accounts';
import { hashDeviceSecret } from '../ingest/device-secret';
import { type SiteSpec, siteSpec } from './catalog';
import { solarDemoSpec } from './solar-demo';

/** A demo site as stored: its spec plus database ids. */
/** Creates the site of a demo site spec for `ownerId`. @returns its station id. */
export async function insertDemoStation(db: DbHandle, spec: SiteSpec, ownerId: number): Promise<number> {
  const p = spec.place;
  const res = await db.query<{ id: number }>(
    `INSERT INTO stations (name, address, longitude, latitude, capacity_kw, system_type, template_code,
       owner_id, time_zone, country, currency, area_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      spec.name,
      spec.address,
      p.longitude,
      p.latitude,
      spec.capacityKw,
      spec.systemType,
      spec.kind,
      ownerId,
      p.timeZone,
      p.country,
      p.currency,
      p.areaCode,
    ],
  );
  return res.rows[0]!.id;
}

export interface FleetSite {
  spec: SiteSpec;
  /** null once the owner removed the site or its first device: the devices wait in the inventory. */
  stationId: number | null;
  /** Device id per serial number. */
  deviceIds: Record<string, number>;
}

/** The demo fleet as stored, with the simulator secret its device secrets derive from. */
export interface Fleet {
  sites: FleetSite[];
  secret: string;
}

/** Reads a JSON value of the settings table. */
export async function readSetting<T>(db: DbHandle, key: string): Promise<T | undefined> {
  const res = await db.query<{ value: T }>('SELECT value FROM settings WHERE key = $1', [key]);
  return res.rows[0]?.value;
}

/** Writes a JSON value to the settings table. */
export async function writeSetting(db: DbHandle, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

/** The simulator secret, created on first use (concurrent starts agree on one). */
export async function simulatorSecret(db: DbHandle): Promise<string> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ('simulator_secret', $1::jsonb) ON CONFLICT (key) DO NOTHING`,
    [JSON.stringify(randomBytes(32).toString('hex'))],
  );
  const secret = await readSetting<string>(db, 'simulator_secret');
  if (!secret) throw new Error('simulator secret missing');
  return secret;
}

/** Characters of a serial number tag: digits and capitals, as makers' serial numbers use. */
const TAG_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * The serial number tag of this installation's demo fleet, made once (4 random characters, 34⁴ ≈ 1.3 M
 * values) and kept in settings ('simulator_sn_tag'). A database whose fleet predates tags (it has a
 * simulator secret but no tag) keeps the empty tag, so its devices keep their serial numbers.
 * The tag is written before the secret, so concurrent first starts agree on one.
 */
export async function fleetSnTag(db: DbHandle): Promise<string> {
  const before = await readSetting<string>(db, 'simulator_secret');
  const fresh = Array.from(randomBytes(4), (b) => TAG_ALPHABET[b % TAG_ALPHABET.length]).join('');
  await db.query(
    `INSERT INTO settings (key, value) VALUES ('simulator_sn_tag', $1::jsonb) ON CONFLICT (key) DO NOTHING`,
    [JSON.stringify(before === undefined ? fresh : '')],
  );
  return (await readSetting<string>(db, 'simulator_sn_tag')) ?? '';
}

/** The MQTT secret of a demo device. */
export function deviceSecret(simSecret: string, sn: string): string {
  return createHmac('sha256', simSecret).update(sn).digest('hex');
}

/**
 * Creates what is missing of demo sites 0..count−1 and, with `solarDemo`, of the solar-charging demo site
 * (solar-demo.ts; last in the list).
 * @returns the sites and the simulator secret, or null when there is no demo owner (seed not run):
 * nothing to simulate.
 */
export async function ensureFleet(db: DbHandle, count: number, solarDemo = false): Promise<Fleet | null> {
  const owner = await db.query<{ id: number }>('SELECT id FROM users WHERE login_name = $1', [
    DEMO_ACCOUNT.loginName,
  ]);
  const ownerId = owner.rows[0]?.id;
  if (ownerId === undefined) return null;
  const snTag = await fleetSnTag(db);
  const secret = await simulatorSecret(db);
  const specs = Array.from({ length: count }, (_, i) => siteSpec(i, snTag));
  if (solarDemo) specs.push(solarDemoSpec(snTag));
  const existing = await db.query<{ serial_number: string; id: number; station_id: number | null }>(
    'SELECT serial_number, id, station_id FROM devices WHERE serial_number = ANY($1::text[])',
    [specs.flatMap((s) => s.devices.map((d) => d.sn))],
  );
  const bySn = new Map(existing.rows.map((r) => [r.serial_number, r]));

  const sites: FleetSite[] = [];
  for (const spec of specs) {
    // A first device in the inventory (site deleted or device removed) is not put back on a new site:
    // the owner adds it again by its serial numbers.
    let stationId = bySn.get(spec.devices[0]!.sn)?.station_id;
    if (stationId === undefined) {
      stationId = await insertDemoStation(db, spec, ownerId);
    }
    const deviceIds: Record<string, number> = {};
    for (const d of spec.devices) {
      const found = bySn.get(d.sn);
      if (found) {
        deviceIds[d.sn] = found.id;
        continue;
      }
      const res = await db.query<{ id: number }>(
        `INSERT INTO devices (station_id, name, serial_number, comm_serial_number, device_type, model, manufacturer,
           software_version, hardware_version, rated_power_w, capacity_wh, secret_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          stationId,
          d.name,
          d.sn,
          `LG${d.sn.slice(-8)}`,
          d.type,
          d.product.model,
          d.product.manufacturer,
          d.product.firmware,
          d.product.hardware,
          d.ratedW,
          d.capacityWh,
          hashDeviceSecret(deviceSecret(secret, d.sn)),
        ],
      );
      deviceIds[d.sn] = res.rows[0]!.id;
    }
    sites.push({ spec, stationId, deviceIds });
  }
  await fillAreaCodesOnce(db, sites);
  return { sites, secret };
}

/** Settings key set once the demo sites created before they had area codes were given theirs. */
const AREA_CODES_FILLED = 'simulator_area_codes_filled';

/**
 * Gives the demo sites of a database made before the simulator set area codes (issue 24 item 5) the
 * area of their place, once: sites whose area is still empty get it, and a marker in settings keeps a
 * later start from refilling an area the owner has since cleared.
 */
async function fillAreaCodesOnce(db: DbHandle, sites: readonly FleetSite[]): Promise<void> {
  if (await readSetting<boolean>(db, AREA_CODES_FILLED)) return;
  const placed = sites.filter((s): s is FleetSite & { stationId: number } => s.stationId !== null);
  await db.query(
    `UPDATE stations SET area_code = v.code
       FROM unnest($1::int[], $2::text[]) AS v(id, code)
      WHERE stations.id = v.id AND stations.area_code IS NULL`,
    [placed.map((s) => s.stationId), placed.map((s) => s.spec.place.areaCode)],
  );
  await writeSetting(db, AREA_CODES_FILLED, true);
}
