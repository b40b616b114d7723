/**
 * The one access check of every call that names a station or device id (ARCHITECTURE.md: "every call
 * checks that the caller may touch the ids it names"). A station is visible to its owner, to
 * administrators and to the friends it is shared with once they confirmed (issue 10, docs/permissions.md);
 * only its owner may change it (requireOwnedStation). A station that does not exist and one of another
 * user answer alike (无操作权限), so ids cannot be probed.
 */
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';
import {
  type DeviceRow,
  findDevice,
  findSharedIds,
  findStationIds,
  findStations,
  type StationRow,
  visibleStationIds,
} from './repo';
import { isAdmin } from './require-admin';

export type { DeviceRow, StationRow } from './repo';

/** The subset of `rows` the caller may view: owned, or shared with the caller and accepted. */
async function visible(db: DbHandle, user: SessionUser, rows: StationRow[]): Promise<StationRow[]> {
  if (isAdmin(user)) return rows;
  const foreign = rows.filter((s) => s.ownerId !== user.userId).map((s) => s.id);
  const shared = await findSharedIds(db.db, user.userId, foreign);
  return rows.filter((s) => s.ownerId === user.userId || shared.has(s.id));
}

/**
 * Ids of every station the caller may view, optionally of one system type, ascending.
 * Administrators get all stations; shared viewers get the sites shared with them (issue 10).
 */
export async function accessibleStationIds(
  db: DbHandle,
  user: SessionUser,
  systemType?: number,
): Promise<number[]> {
  return findStationIds(db.db, isAdmin(user) ? null : user.userId, systemType);
}

/** The stations of accessibleStationIds as a sub-select (`{ id }`), to count over them in one statement. */
export function accessibleStationScope(db: DbHandle, user: SessionUser, systemType?: number): StationScope {
  return visibleStationIds(db.db, isAdmin(user) ? null : user.userId, systemType);
}

/** A sub-select of station ids the caller may view (accessibleStationScope). */
export type StationScope = ReturnType<typeof visibleStationIds>;

/**
 * The named stations, in the order given (duplicates once), when the caller may view every one.
 * @throws AppError noPermission (40300, 无操作权限) when any id is missing or neither owned by nor shared with
 *   the caller.
 */
export async function requireStationsAccess(
  db: DbHandle,
  user: SessionUser,
  ids: readonly number[],
): Promise<StationRow[]> {
  const unique = [...new Set(ids)];
  const rows = await visible(db, user, await findStations(db.db, unique));
  if (rows.length !== unique.length) throw noPermission();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}

/**
 * The named station when the caller may view it.
 * @throws AppError noPermission (40300) when it is missing or not the caller's.
 */
export async function requireStationAccess(
  db: DbHandle,
  user: SessionUser,
  stationId: number,
): Promise<StationRow> {
  const [row] = await requireStationsAccess(db, user, [stationId]);
  return row!;
}

/**
 * The device `deviceId` of `station` (whose access was already checked).
 * @throws AppError noPermission (40300) when the device does not exist or belongs to another station.
 */
export async function requireDeviceOfStation(
  db: DbHandle,
  station: StationRow,
  deviceId: number,
): Promise<DeviceRow> {
  const device = await findDevice(db.db, deviceId);
  if (!device || device.stationId !== station.id) throw noPermission();
  return device;
}

/**
 * True when the caller may read the serial number and communication serial number of `station`'s devices:
 * its owner and administrators. The pair claims a device from the inventory once it leaves the site
 * (device/add), so a shared viewer sees neither (issue 19, docs/permissions.md).
 */
export function maySeeSerials(user: SessionUser, station: Pick<StationRow, 'ownerId'>): boolean {
  return station.ownerId === user.userId || isAdmin(user);
}

/**
 * The named station when the caller owns it: every change to a site or its devices needs ownership
 * (an administrator or a shared viewer may look, not change).
 * @throws AppError noPermission (40300) when it is missing or not the caller's.
 */
export async function requireOwnedStation(
  db: DbHandle,
  user: SessionUser,
  stationId: number,
): Promise<StationRow> {
  const [row] = await findStations(db.db, [stationId]);
  if (!row || row.ownerId !== user.userId) throw noPermission();
  return row;
}
