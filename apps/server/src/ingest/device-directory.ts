/**
 * Serial number → device (id, type) for the ingest, cached. All devices are loaded at start and again
 * every KNOWN_TTL_MS / 2 (startIngest); a serial number not in the cache is read from the database (so a
 * device added later works at once), and an unknown one is remembered briefly so a misconfigured logger
 * cannot turn every message into a query. A device in the inventory (on no site) counts as unknown: its
 * data is not stored.
 */
import type { DbHandle } from '../db/client';

/** What the ingest needs to know about a device. */
export interface KnownDevice {
  id: number;
  type: string;
  /**
   * A SunSpec gateway (issue 32) or a device it reads (its communication serial number is a gateway's):
   * the device gate counts their refusals under `gateway`, not `mqtt`.
   */
  viaGateway: boolean;
}

/** The columns of a KnownDevice, `d` being the device. */
const KNOWN_COLUMNS = `d.id, d.serial_number, d.device_type,
  (d.device_type = 'gateway' OR EXISTS (SELECT 1 FROM devices g
     WHERE g.serial_number = d.comm_serial_number AND g.device_type = 'gateway')) AS via_gateway`;
type KnownRow = { id: number; serial_number: string; device_type: string; via_gateway: boolean | null };
const known = (r: KnownRow): KnownDevice => ({
  id: r.id,
  type: r.device_type,
  viaGateway: r.via_gateway === true,
});

/** How long a known device is trusted without reading it again (a deleted device drops out after this). */
export const KNOWN_TTL_MS = 10 * 60_000;
const UNKNOWN_TTL_MS = 5_000;
const CACHE_MAX = 200_000;

/** A cached lookup of devices by serial number. */
export function createDeviceDirectory(db: DbHandle) {
  const cache = new Map<string, { device: KnownDevice | null; at: number }>();
  /** Reads under way: a device's first packets come several at once (QoS 1 in flight), and share one. */
  const loading = new Map<string, Promise<KnownDevice | null>>();

  return {
    /**
     * Loads every device (one query) and restamps it as fresh. Rows no longer in the table are left to
     * expire, so a deleted device stops being accepted within KNOWN_TTL_MS.
     */
    async preload(): Promise<number> {
      const res = await db.query<KnownRow>(
        `SELECT ${KNOWN_COLUMNS} FROM devices d WHERE d.station_id IS NOT NULL`,
      );
      const now = Date.now();
      for (const r of res.rows) cache.set(r.serial_number, { device: known(r), at: now });
      return res.rows.length;
    },

    /** The cached device, `null` when known to be unknown, `undefined` when the database must be asked. */
    peek(sn: string): KnownDevice | null | undefined {
      const hit = cache.get(sn);
      if (!hit) return undefined;
      const age = Date.now() - hit.at;
      return age < (hit.device ? KNOWN_TTL_MS : UNKNOWN_TTL_MS) ? hit.device : undefined;
    },

    /**
     * Reads one device from the database and caches the answer; calls for a serial number whose read is
     * under way share it (a bench of 100 new loggers with 8 packets in flight each made 800 reads, not 100).
     */
    load(sn: string): Promise<KnownDevice | null> {
      let read = loading.get(sn);
      if (!read) {
        read = (async () => {
          try {
            const res = await db.query<KnownRow>(
              `SELECT ${KNOWN_COLUMNS} FROM devices d WHERE d.serial_number = $1 AND d.station_id IS NOT NULL`,
              [sn],
            );
            const r = res.rows[0];
            const device = r ? known(r) : null;
            if (cache.size >= CACHE_MAX) cache.clear();
            cache.set(sn, { device, at: Date.now() });
            return device;
          } finally {
            loading.delete(sn);
          }
        })();
        loading.set(sn, read);
      }
      return read;
    },

    /** The cached device whatever its age (used while the database cannot be asked), else undefined. */
    stale(sn: string): KnownDevice | undefined {
      return cache.get(sn)?.device ?? undefined;
    },
  };
}

/** The directory's type. */
export type DeviceDirectory = ReturnType<typeof createDeviceDirectory>;
