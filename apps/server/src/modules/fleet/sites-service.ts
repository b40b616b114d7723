/**
 * Site rules (spec §3 Site, §5, §7 station create/modify/del, §9 limits): the owner creates, edits and
 * deletes sites. Deleting returns the site's devices to the inventory, drops everyone's group rows and
 * alarms of the site, and queues its history for deletion in the background.
 */
import type { StationFields } from '@ems/contract/api/fleet';
import { eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { deviceLatest, devices, stations } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { fieldError } from '../../http/errors';
import { requireOwnedStation } from '../access/station-access';
import { isAreaCode } from '../area/area-tree';
import { ensureDefaultGroup, placeStations } from './groups-repo';
import { requireOwnGroup } from './groups-service';
import { queueHistoryPurge } from './history-purge';
import { insertWithinLimit } from './limits';

/** True when `type` has an item of value `value` (sys_timezone, sys_currencysymbol). */
async function inDictionary(db: DbHandle, type: string, value: string): Promise<boolean> {
  const res = await db.query('SELECT 1 FROM dictionaries WHERE dict_type = $1 AND dict_value = $2', [
    type,
    value,
  ]);
  return res.rows.length > 0;
}

/**
 * Checks what the contract cannot: the template belongs to the system type, time zone and currency are
 * dictionary values, the area is in the area tree (area/list), the group is the caller's.
 * @throws fieldError validation.choice naming the field; noPermission for another user's group.
 */
async function checkReferences(db: DbHandle, user: SessionUser, f: StationFields) {
  const template = await db.query(
    'SELECT 1 FROM station_templates WHERE template_code = $1 AND system_type = $2',
    [f.templateCode, f.systemType],
  );
  if (template.rows.length === 0) throw fieldError('validation.choice', 'templateCode');
  if (!(await inDictionary(db, 'sys_timezone', f.timeZone)))
    throw fieldError('validation.choice', 'timeZone');
  if (!(await inDictionary(db, 'sys_currencysymbol', f.currency)))
    throw fieldError('validation.choice', 'currency');
  if (f.areaCode && !isAreaCode(f.areaCode)) throw fieldError('validation.choice', 'areaCode');
  return f.groupId === undefined ? ensureDefaultGroup(db, user.userId) : requireOwnGroup(db, user, f.groupId);
}

/**
 * Creates a site owned by the caller under the chosen group (default group when none).
 * @returns the new site's id.
 * @throws limitReached when the caller owns their maximum number of sites; see checkReferences.
 */
export async function createStation(db: DbHandle, user: SessionUser, f: StationFields): Promise<number> {
  const group = await checkReferences(db, user, f);
  // Count and insert under the owner's row lock: concurrent creates cannot pass the limit together.
  const id = await insertWithinLimit(db, user.userId, 'stations', async (tx) => {
    const [row] = await tx
      .insert(stations)
      .values({
        name: f.stationName,
        address: f.address,
        longitude: f.longitude,
        latitude: f.latitude,
        capacityKw: f.capacity,
        systemType: f.systemType,
        templateCode: f.templateCode,
        ownerId: user.userId,
        timeZone: f.timeZone,
        country: f.country ?? '',
        currency: f.currency,
        areaCode: f.areaCode,
      })
      .returning({ id: stations.id });
    return row!.id;
  });
  await placeStations(db, user.userId, group, [id]);
  return id;
}

/**
 * Edits the caller's site `stationId`; with groupId, also moves it under that group.
 * @throws noPermission for a missing site or another user's; see checkReferences.
 */
export async function modifyStation(
  db: DbHandle,
  user: SessionUser,
  stationId: number,
  f: StationFields,
): Promise<number> {
  await requireOwnedStation(db, user, stationId);
  const group = await checkReferences(db, user, f);
  await db.query(
    `UPDATE stations SET name = $2, address = $3, longitude = $4, latitude = $5, capacity_kw = $6,
       system_type = $7, template_code = $8, time_zone = $9, country = COALESCE($10, country),
       currency = $11, area_code = $12
     WHERE id = $1`,
    [
      stationId,
      f.stationName,
      f.address,
      f.longitude,
      f.latitude,
      f.capacity,
      f.systemType,
      f.templateCode,
      f.timeZone,
      f.country,
      f.currency,
      f.areaCode,
    ],
  );
  if (f.groupId !== undefined) await placeStations(db, user.userId, group, [stationId]);
  return stationId;
}

/**
 * Deletes the caller's site: its devices go back to the inventory (their live values are dropped), its
 * alarms and everyone's group rows cascade, and its devices' history is queued for background deletion.
 * @returns how many devices were released and whether history was queued.
 * @throws noPermission for a missing site or another user's (nothing changes then).
 */
export async function deleteStation(
  db: DbHandle,
  user: SessionUser,
  stationId: number,
): Promise<{ stationId: number; devicesReleased: number; historyQueued: boolean }> {
  await requireOwnedStation(db, user, stationId);
  const deviceIds = await db.db.transaction(async (tx) => {
    const released = await tx
      .update(devices)
      .set({ stationId: null })
      .where(eq(devices.stationId, stationId))
      .returning({ id: devices.id });
    const ids = released.map((r) => r.id);
    if (ids.length > 0) await tx.delete(deviceLatest).where(inArray(deviceLatest.deviceId, ids));
    await tx.delete(stations).where(eq(stations.id, stationId));
    return ids;
  });
  const historyQueued = await queueHistoryPurge(db, deviceIds);
  return { stationId, devicesReleased: deviceIds.length, historyQueued };
}
