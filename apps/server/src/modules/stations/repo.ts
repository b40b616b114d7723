/** SQL of the station calls: templates, the filtered and ordered site list, base info. */
import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { stationTemplates, users } from '../../db/schema';
import type { StationRow } from '../access/repo';

/** Every station template, by id. */
export function listTemplates(db: DbHandle) {
  return db.db.select().from(stationTemplates).orderBy(asc(stationTemplates.id));
}

/** A station of the list page with its worst active alarm level. */
export type ListedStation = StationRow & { worstAlarmLevel: number | null };

/**
 * Stations among `ids` whose name or address contains `filterText` (case-insensitive), sites with
 * active alarms first, then by name; `limit`/`offset` page them.
 * @returns the page and the number of matching stations.
 */
export async function findListedStations(
  db: DbHandle,
  ids: readonly number[],
  filterText: string | null,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: ListedStation[]; total: number }> {
  if (ids.length === 0) return { rows: [], total: 0 };
  const res = await db.query<ListedStation & { total: number }>(
    `SELECT s.id, s.name, s.address, s.longitude, s.latitude, s.capacity_kw AS "capacityKw",
            s.system_type AS "systemType", s.template_code AS "templateCode", s.owner_id AS "ownerId",
            s.time_zone AS "timeZone", s.country, s.currency, s.created_at AS "createdAt",
            a.worst AS "worstAlarmLevel", (count(*) OVER ())::int AS total
     FROM stations s
     LEFT JOIN (SELECT station_id, max(alarm_level)::int AS worst FROM alarms
                WHERE cleared_at IS NULL AND station_id = ANY($1::int[]) GROUP BY station_id) a
       ON a.station_id = s.id
     WHERE s.id = ANY($1::int[])
       AND ($2::text IS NULL OR strpos(lower(s.name), lower($2)) > 0 OR strpos(lower(s.address), lower($2)) > 0)
     ORDER BY (a.worst IS NULL), s.name, s.id
     LIMIT $3 OFFSET $4`,
    [ids, filterText, page?.limit ?? null, page?.offset ?? 0],
  );
  if (res.rows.length === 0 && page && page.offset > 0) {
    // Past the last page: the window count came back with no row, so count on its own.
    const all = await findListedStations(db, ids, filterText, null);
    return { rows: [], total: all.total };
  }
  const total = res.rows[0]?.total ?? 0;
  return { rows: res.rows.map(({ total: _t, ...row }) => row), total };
}

/** A device with its last-seen time, for base info. */
export interface DeviceWithSeen {
  id: number;
  name: string;
  serialNumber: string;
  commSerialNumber: string | null;
  deviceType: string;
  model: string | null;
  manufacturer: string | null;
  softwareVersion: string | null;
  hardwareVersion: string | null;
  ratedPowerW: number | null;
  capacityWh: number | null;
  lastSeenAt: Date | null;
}

/** The devices of a station with their last-seen time, by id. */
export async function findDevicesWithSeen(db: DbHandle, stationId: number): Promise<DeviceWithSeen[]> {
  const res = await db.query<DeviceWithSeen>(
    `SELECT d.id, d.name, d.serial_number AS "serialNumber", d.comm_serial_number AS "commSerialNumber",
            d.device_type AS "deviceType", d.model, d.manufacturer, d.software_version AS "softwareVersion",
            d.hardware_version AS "hardwareVersion", d.rated_power_w AS "ratedPowerW",
            d.capacity_wh AS "capacityWh", l.last_seen_at AS "lastSeenAt"
     FROM devices d LEFT JOIN device_latest l ON l.device_id = d.id
     WHERE d.station_id = $1 ORDER BY d.id`,
    [stationId],
  );
  return res.rows;
}

/** Display name of a user (empty when missing). */
export async function findUserName(db: DbHandle, userId: number): Promise<string> {
  const rows = await db.db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  return rows[0]?.userName ?? '';
}
