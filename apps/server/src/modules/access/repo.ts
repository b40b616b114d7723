/** SQL of the access checks: stations by id and by owner, devices by id. */
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, stationShares, stations } from '../../db/schema';

/** A station row as the access check returns it (the whole row: callers need zone and type). */
export type StationRow = typeof stations.$inferSelect;
/** A device row without its MQTT secret hash. */
export type DeviceRow = Omit<typeof devices.$inferSelect, 'secretHash' | 'writableParams'>;

/** Stations with these ids (any order; missing ids are simply absent). */
export function findStations(db: Db, ids: readonly number[]): Promise<StationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(stations)
    .where(inArray(stations.id, [...ids]));
}

/**
 * Sub-select of the ids of the stations, optionally of one system type, owned by `ownerId` or shared with
 * them and accepted (issue 10; every station when null). Embeddable, so a count over "the caller's
 * stations" is one statement.
 */
export function visibleStationIds(db: Db, ownerId: number | null, systemType?: number) {
  const conds: SQL[] = [];
  if (ownerId !== null) {
    conds.push(or(eq(stations.ownerId, ownerId), inArray(stations.id, sharedWith(db, ownerId))) as SQL);
  }
  if (systemType !== undefined) conds.push(eq(stations.systemType, systemType));
  return db
    .select({ id: stations.id })
    .from(stations)
    .where(and(...conds));
}

/** visibleStationIds as a list, ascending. */
export async function findStationIds(db: Db, ownerId: number | null, systemType?: number): Promise<number[]> {
  const rows = await visibleStationIds(db, ownerId, systemType).orderBy(asc(stations.id));
  return rows.map((r) => r.id);
}

const deviceColumns = {
  id: devices.id,
  stationId: devices.stationId,
  name: devices.name,
  serialNumber: devices.serialNumber,
  commSerialNumber: devices.commSerialNumber,
  deviceType: devices.deviceType,
  model: devices.model,
  manufacturer: devices.manufacturer,
  softwareVersion: devices.softwareVersion,
  hardwareVersion: devices.hardwareVersion,
  ratedPowerW: devices.ratedPowerW,
  capacityWh: devices.capacityWh,
  protocol: devices.protocol,
  createdAt: devices.createdAt,
};

/** The device with this id, or undefined. */
export async function findDevice(db: Db, id: number): Promise<DeviceRow | undefined> {
  const rows = await db.select(deviceColumns).from(devices).where(eq(devices.id, id));
  return rows[0];
}

/** Sub-select of the station ids shared with `viewerId` and accepted (status 2, issue 10). */
function sharedWith(db: Db, viewerId: number) {
  return db
    .select({ id: stationShares.stationId })
    .from(stationShares)
    .where(and(eq(stationShares.viewerId, viewerId), eq(stationShares.status, 2)));
}

/** Which of `stationIds` are shared with `viewerId` and accepted. */
export async function findSharedIds(
  db: Db,
  viewerId: number,
  stationIds: readonly number[],
): Promise<Set<number>> {
  if (stationIds.length === 0) return new Set();
  const rows = await db
    .select({ id: stationShares.stationId })
    .from(stationShares)
    .where(
      and(
        eq(stationShares.viewerId, viewerId),
        eq(stationShares.status, 2),
        inArray(stationShares.stationId, [...stationIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
