/**
 * Owner calls of OCPP chargers (issue 22 item 3): commissioning a charger on a charging site, and the
 * site's id tags. Every change needs the site's owner (requireOwnedStation: friends, administrators and
 * strangers are refused alike, 无操作权限); the site must be a charging site (system kind 2).
 */
import { randomBytes } from 'node:crypto';
import { maxDevicesPerSite } from '@ems/contract/api/device-limits';
import { type IdTagRow, MAX_ID_TAGS_PER_SITE } from '@ems/contract/api/ocpp';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { hashDeviceSecret } from '../../ingest/device-secret';
import { requireOwnedStation, type StationRow } from '../access/station-access';
import { limitReached } from '../fleet/errors';
import { insertWithinLimit } from '../fleet/limits';
import { countSiteDevices, insertChargerDevice } from './commission-repo';
import { identityTaken, idTagTaken, notChargingSite } from './errors';
import { deleteIdTag, insertIdTag, listIdTags } from './id-tags-repo';

/** Spec §1 system kind 2: charging. */
const CHARGING = 2;

async function requireOwnedChargingSite(
  db: DbHandle,
  user: SessionUser,
  stationId: number,
): Promise<StationRow> {
  const station = await requireOwnedStation(db, user, stationId);
  if (station.systemType !== CHARGING) throw notChargingSite();
  return station;
}

/**
 * A new Basic-auth key of a charger: 20 random bytes as 40 hex characters (the longest AuthorizationKey of
 * OCPP 1.6's security profiles). Only its hashDeviceSecret is stored.
 */
export function newChargerKey(): string {
  return randomBytes(20).toString('hex');
}

/**
 * Adds a charger with OCPP identity `identity` to the caller's charging site: a new device (type charger,
 * serial number = identity) with a fresh key (newChargerKey), stored as its SHA-256 only.
 * @returns the device id and the key, which is never shown again.
 * @throws noPermission (not the caller's site); notChargingSite; identityTaken; limitReached (the account's
 *   or the site's device limit).
 */
export async function addCharger(
  db: DbHandle,
  user: SessionUser,
  body: { stationId: number; identity: string; name: string | null },
): Promise<{ deviceId: number; key: string }> {
  await requireOwnedChargingSite(db, user, body.stationId);
  const key = newChargerKey();
  const id = await insertWithinLimit(db, user.userId, 'devices', async (tx) => {
    if ((await countSiteDevices(tx, body.stationId)) >= maxDevicesPerSite()) throw limitReached();
    return insertChargerDevice(tx, {
      stationId: body.stationId,
      name: body.name ?? body.identity,
      identity: body.identity,
      keyHash: hashDeviceSecret(key),
    });
  });
  if (id === null) throw identityTaken(body.identity);
  return { deviceId: id, key };
}

/** The id tags of the caller's charging site. @throws noPermission, notChargingSite. */
export async function idTagsOf(db: DbHandle, user: SessionUser, stationId: number): Promise<IdTagRow[]> {
  await requireOwnedChargingSite(db, user, stationId);
  return listIdTags(db, stationId);
}

/** Adds an id tag to the caller's charging site. @throws noPermission, notChargingSite, idTagTaken, limitReached. */
export async function addIdTag(
  db: DbHandle,
  user: SessionUser,
  body: { stationId: number; idTag: string; name: string | null },
): Promise<IdTagRow[]> {
  await requireOwnedChargingSite(db, user, body.stationId);
  const out = await insertIdTag(db, body.stationId, body.idTag, body.name, MAX_ID_TAGS_PER_SITE);
  if (out === 'taken') throw idTagTaken(body.idTag);
  if (out === 'full') throw limitReached();
  return listIdTags(db, body.stationId);
}

/** Deletes an id tag of the caller's charging site. @throws noPermission, notChargingSite. */
export async function removeIdTag(
  db: DbHandle,
  user: SessionUser,
  body: { stationId: number; idTag: string },
): Promise<IdTagRow[]> {
  await requireOwnedChargingSite(db, user, body.stationId);
  await deleteIdTag(db, body.stationId, body.idTag);
  return listIdTags(db, body.stationId);
}
