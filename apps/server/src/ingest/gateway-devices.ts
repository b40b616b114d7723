/**
 * Gateways (issue 32, docs/gateway.md): a device of type `gateway` on a site reads Modbus devices there and
 * publishes for them. This module answers which serial numbers a gateway may publish for (the devices on
 * its own site: the embedded broker's ACL) and creates the devices a gateway announces on its site, with
 * the parameters it can write to each (the Parameters tab shows only those).
 */
import { randomBytes } from 'node:crypto';
import { maxDevicesPerSite } from '@ems/contract/api/device-limits';
import { type GatewayDevicesPayload, GatewayDevicesPayloadSchema } from '@ems/contract/telemetry';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { insertWithinLimit } from '../modules/fleet/limits';
import { hashDeviceSecret } from './device-secret';

/** A gateway's children are read again after this long (a device removed by its owner drops out). */
const CHILDREN_TTL_MS = 30_000;
/** A serial number a gateway asks for that is not among its children is looked up again this soon. */
const MISS_TTL_MS = 2_000;

/** Which devices each gateway may act for, read from the database and cached per gateway. */
export function createGatewayAcl(db: DbHandle) {
  const cache = new Map<string, { children: Set<string>; at: number }>();

  async function load(gatewaySn: string): Promise<Set<string>> {
    const res = await db.query<{ serial_number: string }>(
      `SELECT c.serial_number FROM devices g
         JOIN devices c ON c.station_id = g.station_id AND c.id <> g.id
        WHERE g.serial_number = $1 AND g.device_type = 'gateway'`,
      [gatewaySn],
    );
    const children = new Set(res.rows.map((r) => r.serial_number));
    cache.set(gatewaySn, { children, at: Date.now() });
    return children;
  }

  return {
    /**
     * Whether gateway `gatewaySn` may publish and subscribe for device `sn`: both are on the same site and
     * `gatewaySn` is of type gateway. False for anything else (including a database error).
     */
    async mayActFor(gatewaySn: string, sn: string): Promise<boolean> {
      const hit = cache.get(gatewaySn);
      const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
      if (hit && age < CHILDREN_TTL_MS && (hit.children.has(sn) || age < MISS_TTL_MS)) {
        return hit.children.has(sn);
      }
      return (await load(gatewaySn).catch(() => new Set<string>())).has(sn);
    },
    /** Forgets a gateway's children (they changed). */
    forget(gatewaySn: string): void {
      cache.delete(gatewaySn);
    },
  };
}

/** What became of one announced device. */
export type AnnounceOutcome = 'created' | 'present' | 'elsewhere' | 'siteFull';

/**
 * Creates on gateway `gatewaySn`'s site each announced device the platform does not know yet, counted
 * against the site's bus limit and the owner's device limit (as device/add). A device already on the
 * site is left as it is (the owner may have renamed it); one in the inventory or on another site is
 * not touched (an owner who removed it adds it back with its serial number and the gateway's as
 * `commSerialNumber`). @returns each serial number's outcome; empty when `gatewaySn` is not a gateway
 * on a site or the payload does not match GatewayDevicesPayloadSchema.
 */
export async function acceptGatewayDevices(
  db: DbHandle,
  gatewaySn: string,
  body: unknown,
): Promise<Map<string, AnnounceOutcome>> {
  const out = new Map<string, AnnounceOutcome>();
  const parsed = GatewayDevicesPayloadSchema.safeParse(body);
  if (!parsed.success) return out;
  const gw = await db.query<{ station_id: number; owner_id: number }>(
    `SELECT g.station_id, s.owner_id FROM devices g JOIN stations s ON s.id = g.station_id
      WHERE g.serial_number = $1 AND g.device_type = 'gateway'`,
    [gatewaySn],
  );
  const site = gw.rows[0];
  if (!site) return out;
  for (const d of parsed.data.devices) out.set(d.sn, await createOne(db, site, gatewaySn, d));
  return out;
}

async function createOne(
  db: DbHandle,
  site: { station_id: number; owner_id: number },
  gatewaySn: string,
  d: GatewayDevicesPayload['devices'][number],
): Promise<AnnounceOutcome> {
  const known = await db.query<{ station_id: number | null }>(
    'SELECT station_id FROM devices WHERE serial_number = $1',
    [d.sn],
  );
  const row = known.rows[0];
  const params = d.params ? JSON.stringify(d.params) : null;
  if (row && row.station_id !== site.station_id) return 'elsewhere';
  if (row) {
    // What the device can take may change (a firmware update, a model turned on): the newest list wins.
    if (params !== null)
      await db.query(
        `UPDATE devices SET writable_params = $2::jsonb
          WHERE serial_number = $1 AND writable_params IS DISTINCT FROM $2::jsonb`,
        [d.sn, params],
      );
    return 'present';
  }
  // The device never logs in itself (the gateway publishes for it): its secret is random and thrown away.
  const secretHash = hashDeviceSecret(randomBytes(32).toString('base64url'));
  try {
    await insertWithinLimit(db, site.owner_id, 'devices', async (tx) => {
      const onSite = await tx.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM devices WHERE station_id = ${site.station_id}`,
      );
      if (Number(onSite.rows[0]?.n ?? 0) >= maxDevicesPerSite()) throw new SiteFull();
      await tx.execute(
        sql`INSERT INTO devices (station_id, name, serial_number, comm_serial_number, device_type, model,
              manufacturer, secret_hash, writable_params)
            VALUES (${site.station_id}, ${d.name || d.sn}, ${d.sn}, ${gatewaySn}, ${d.type}, ${d.model ?? null},
              ${d.manufacturer ?? null}, ${secretHash}, ${params}::jsonb)
            ON CONFLICT (serial_number) DO NOTHING`,
      );
    });
    return 'created';
  } catch {
    // The site's bus or the owner's device limit is reached: the device waits until there is room.
    return 'siteFull';
  }
}

class SiteFull extends Error {}
