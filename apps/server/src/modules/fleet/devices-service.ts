/**
 * Owner-side device rules (issue 7 §3, spec §3 Device, §8 "you already own the device"): a device comes
 * from the inventory by its serial number and communication serial number together (both printed on the
 * logger, so guessing one is not enough); it can be renamed, moved to another of the owner's sites, or
 * removed, which returns it to the inventory and queues its history for background deletion.
 */
import {
  type AddressLimit,
  DEVICE_BASE_ADDRESS_LIMITS,
  maxDevicesPerSite,
} from '@ems/contract/api/device-limits';
import type { DeviceInfo } from '@ems/contract/api/station';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';
import { maySeeSerials, requireOwnedStation, requireStationAccess } from '../access/station-access';
import { findDevicesWithSeen } from '../stations/repo';
import { toDeviceInfo } from '../stations/service';
import { rebuildRollups } from '../telemetry/rollup-refresh';
import { countOtherDevicesOnSite, moveDeviceWithAlarms } from './devices-repo';
import { alreadyOwned, heldByOther, limitReached, pairMismatch } from './errors';
import { queueHistoryPurge } from './history-purge';
import { insertWithinLimit, lockOwner } from './limits';

/** A device with the owner of its site (null owner: in the inventory). */
interface HeldDevice {
  id: number;
  stationId: number | null;
  ownerId: number | null;
  commSerialNumber: string | null;
}

async function findHeldDevice(db: DbHandle, where: string, param: unknown): Promise<HeldDevice | undefined> {
  const res = await db.query<HeldDevice>(
    `SELECT d.id, d.station_id AS "stationId", s.owner_id AS "ownerId", d.comm_serial_number AS "commSerialNumber"
     FROM devices d LEFT JOIN stations s ON s.id = d.station_id WHERE ${where}`,
    [param],
  );
  return res.rows[0];
}

/**
 * The caller's device `deviceId` (on one of the caller's sites).
 * @throws noPermission when it is missing, in the inventory or on another user's site.
 */
async function requireOwnedDevice(db: DbHandle, user: SessionUser, deviceId: number): Promise<HeldDevice> {
  const d = await findHeldDevice(db, 'd.id = $1', deviceId);
  if (!d || d.ownerId !== user.userId) throw noPermission();
  return d;
}

/** Body of device/add. */
export interface DeviceAdd {
  stationId: number;
  serialNumber: string;
  commSerialNumber: string;
  name: string | null;
}

/**
 * Adds an inventory device to the caller's site `stationId`.
 * @returns the device id.
 * @throws noPermission for a site not the caller's; pairMismatch when no device has both serial numbers;
 *   alreadyOwned when it is on one of the caller's sites; heldByOther when on another account's site;
 *   limitReached when the caller has their maximum number of devices or the site has a device at every
 *   base address of configuration type 3 (contract device-limits.ts).
 */
export async function addDevice(db: DbHandle, user: SessionUser, body: DeviceAdd): Promise<number> {
  await requireOwnedStation(db, user, body.stationId);
  const d = await findHeldDevice(db, 'd.serial_number = $1', body.serialNumber);
  if (!d || d.commSerialNumber !== body.commSerialNumber) throw pairMismatch();
  if (d.ownerId === user.userId) throw alreadyOwned();
  if (d.stationId !== null) throw heldByOther();
  // Count and take under the owner's row lock (concurrent adds cannot pass either limit together); only
  // a device still in the inventory is taken, so two owners adding it at once cannot both win.
  const taken = await insertWithinLimit(db, user.userId, 'devices', async (tx) => {
    const onSite = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM devices WHERE station_id = ${body.stationId}`,
    );
    if (Number(onSite.rows[0]?.n ?? 0) >= maxDevicesPerSite()) throw limitReached();
    return tx.execute<{ id: number }>(
      sql`UPDATE devices SET station_id = ${body.stationId}, name = COALESCE(${body.name}, name)
          WHERE id = ${d.id} AND station_id IS NULL RETURNING id`,
    );
  });
  if (taken.rows.length === 0) throw heldByOther();
  return d.id;
}

/** Renames the caller's device. @throws noPermission when not the caller's. */
export async function renameDevice(db: DbHandle, user: SessionUser, deviceId: number, name: string) {
  const d = await requireOwnedDevice(db, user, deviceId);
  await db.query('UPDATE devices SET name = $2 WHERE id = $1', [deviceId, name]);
  return { deviceId, stationId: d.stationId! };
}

/**
 * Moves the caller's device to another of the caller's sites; its telemetry goes with it, and so do its
 * open alarms (alarm history stays on the site it happened on: moveDeviceWithAlarms).
 * @throws noPermission when the device or the target site is not the caller's; limitReached when the
 *   target site has a device at every base address of configuration type 3 (as device/add).
 */
export async function moveDevice(db: DbHandle, user: SessionUser, deviceId: number, stationId: number) {
  await requireOwnedDevice(db, user, deviceId);
  await requireOwnedStation(db, user, stationId);
  await db.db.transaction(async (tx) => {
    // Both sites are the caller's: their lock orders this move against the owner's adds and moves.
    await lockOwner(tx, user.userId);
    if ((await countOtherDevicesOnSite(tx, stationId, deviceId)) >= maxDevicesPerSite()) throw limitReached();
    await moveDeviceWithAlarms(tx, deviceId, stationId);
  });
  // Issue 12: its energy days are now cut in the new site's time zone.
  await rebuildRollups(db, [deviceId]);
  return { deviceId, stationId };
}

/**
 * Removes the caller's device from its site: back to the inventory (so it can be added again, by its two
 * serial numbers), live values dropped, history queued for background deletion.
 * @throws noPermission when not the caller's.
 */
export async function removeDevice(db: DbHandle, user: SessionUser, deviceId: number) {
  const d = await requireOwnedDevice(db, user, deviceId);
  await db.query('UPDATE devices SET station_id = NULL WHERE id = $1', [deviceId]);
  await db.query('DELETE FROM device_latest WHERE device_id = $1', [deviceId]);
  await queueHistoryPurge(db, [deviceId]);
  return { deviceId, stationId: d.stationId! };
}

/**
 * The devices of a site the caller may view (spec §3 Device); serial numbers for its owner and
 * administrators only (maySeeSerials). @throws noPermission otherwise.
 */
export async function listDevices(db: DbHandle, user: SessionUser, stationId: number): Promise<DeviceInfo[]> {
  const station = await requireStationAccess(db, user, stationId);
  const now = Date.now();
  const serials = maySeeSerials(user, station);
  return (await findDevicesWithSeen(db, stationId)).map((d) => toDeviceInfo(d, now, serials));
}

/** The base address ranges of `confTypes` that exist (spec §7 configure/device/base/address/limit). */
export function addressLimits(confTypes: readonly number[]): AddressLimit[] {
  return [...new Set(confTypes)].flatMap((confType) => {
    const r = DEVICE_BASE_ADDRESS_LIMITS[confType];
    return r ? [{ confType, ...r, maxDevices: r.maxAddress - r.minAddress + 1 }] : [];
  });
}
