/**
 * Serial number → device (id, type) for the ingest, cached. All devices are loaded at start and again
 * every KNOWN_TTL_MS / 2 (startIngest); a serial number not in the cache is read from the database (so a
 * device added later works at once), and an unknown one is remembered briefly so a misconfigured logger
 * cannot turn every message into a query. A device in the inventory (on no site) counts as unknown: its
 * data is not stored.
 */
import DataLoader from 'dataloader';
import type { DbHandle } from '../db/client';
import { whileUnderWay } from '../shared/batch-loader';

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
/** Most serial numbers one read asks for. */
const READ_MAX = 500;

/** A cached lookup of devices by serial number. */
export function createDeviceDirectory(db: DbHandle) {
  const cache = new Map<string, { device: KnownDevice | null; at: number }>();
  /**
   * Reads of serial numbers the cache cannot answer, answers cached as they come. A device's first packets
   * come several at once (QoS 1 in flight) and share one read while it runs (a bench of 100 new loggers
   * with 8 packets in flight each made 800 reads, not 100); serial numbers asked for together share a
   * statement.
   */
  const reads = new DataLoader<string, KnownDevice | null>(
    async (sns) => {
      const res = await db.query<KnownRow>(
        `SELECT ${KNOWN_COLUMNS} FROM devices d
         WHERE d.serial_number = ANY($1::text[]) AND d.station_id IS NOT NULL`,
        [sns],
      );
      const found = new Map(res.rows.map((r) => [r.serial_number, known(r)]));
      if (cache.size + sns.length > CACHE_MAX) cache.clear();
      const at = Date.now();
      return sns.map((sn) => {
        const device = found.get(sn) ?? null;
        cache.set(sn, { device, at });
        return device;
      });
    },
    { cacheMap: whileUnderWay(), maxBatchSize: READ_MAX },
  );

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

    /** Reads one device from the database (`reads`) and caches the answer. */
    load(sn: string): Promise<KnownDevice | null> {
      return reads.load(sn);
    },

    /** The cached device whatever its age (used while the database cannot be asked), else undefined. */
    stale(sn: string): KnownDevice | undefined {
      return cache.get(sn)?.device ?? undefined;
    },
  };
}

/** The directory's type. */
export type DeviceDirectory = ReturnType<typeof createDeviceDirectory>;
