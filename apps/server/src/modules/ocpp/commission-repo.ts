/** SQL of commissioning a charger (issue 22 item 3), run inside the owner-locked insertWithinLimit. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../fleet/limits';

/** Devices on the site now. */
export async function countSiteDevices(tx: Tx, stationId: number): Promise<number> {
  const res = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM devices WHERE station_id = ${stationId}`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Inserts the charger's device (type charger, serial number = OCPP identity, secret hash = its key's).
 * @returns its id, or null when a device already has that serial number.
 */
export async function insertChargerDevice(
  tx: Tx,
  c: { stationId: number; name: string; identity: string; keyHash: string },
): Promise<number | null> {
  const res = await tx.execute<{ id: number }>(
    sql`INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash, protocol)
        VALUES (${c.stationId}, ${c.name}, ${c.identity}, 'charger', ${c.keyHash}, 'ocpp')
        ON CONFLICT (serial_number) DO NOTHING RETURNING id`,
  );
  return res.rows[0] ? Number(res.rows[0].id) : null;
}
