/** SQL of the personal centre (users, user_avatars; account deletion also stations and telemetry). */
import { ADMIN_ROLE } from '@ems/contract/api/admin';
import { arrayContains, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, stations, telemetry, telemetry5min, userAvatars, users } from '../../db/schema';

/** What a password check and the plans need to know about an account. */
export interface AccountRecord {
  id: number;
  loginName: string;
  passwordHash: string;
  roles: string[];
  usertype: number;
  planMonths: number | null;
  planExpiresAt: Date | null;
}

/** The account of `userId`, or undefined once deleted. */
export async function findAccount(db: Db, userId: number): Promise<AccountRecord | undefined> {
  const rows = await db
    .select({
      id: users.id,
      loginName: users.loginName,
      passwordHash: users.passwordHash,
      roles: users.roles,
      usertype: users.usertype,
      planMonths: users.planMonths,
      planExpiresAt: users.planExpiresAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0];
}

/** Sets the personal-centre fields of spec §3 User; false when the user is gone. */
export async function updateProfile(
  db: Db,
  userId: number,
  fields: { userName: string; nickname: string | null; phone: string | null; timeZone: string },
): Promise<boolean> {
  const rows = await db.update(users).set(fields).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** Stores a new password hash. */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** How many accounts hold the admin role. */
export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(arrayContains(users.roles, [ADMIN_ROLE]));
  return Number(row?.n ?? 0);
}

/** Replaces the user's avatar image and sets users.avatar to `url`, in one transaction. */
export async function saveAvatar(
  db: Db,
  userId: number,
  mime: string,
  data: Buffer,
  url: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(userAvatars)
      .values({ userId, mime, data, updatedAt: new Date() })
      .onConflictDoUpdate({ target: userAvatars.userId, set: { mime, data, updatedAt: new Date() } });
    await tx.update(users).set({ avatar: url }).where(eq(users.id, userId));
  });
}

/** The stored avatar of a user, or undefined. */
export async function findAvatar(
  db: Db,
  userId: number,
): Promise<{ mime: string; data: Buffer } | undefined> {
  const rows = await db
    .select({ mime: userAvatars.mime, data: userAvatars.data })
    .from(userAvatars)
    .where(eq(userAvatars.userId, userId));
  return rows[0];
}

/**
 * Deletes a user and everything that is theirs, in one transaction: telemetry of their devices (no
 * foreign key: partitioned tables), their devices and stations (alarms and latest values cascade; the
 * owner key has no cascade on purpose, so this is the one place that removes stations with a user),
 * then the user (sessions, avatar, codes and QR hand-offs cascade).
 * @returns how many stations went with the account.
 */
export async function deleteAccountCascade(db: Db, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const owned = await tx.select({ id: stations.id }).from(stations).where(eq(stations.ownerId, userId));
    const stationIds = owned.map((s) => s.id);
    if (stationIds.length > 0) {
      const own = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(inArray(devices.stationId, stationIds));
      const deviceIds = own.map((d) => d.id);
      // Devices and stations go first: from then on a concurrent ingest write of these devices
      // waits for this transaction and then fails its device_latest key, and one that committed before
      // is seen by the telemetry deletes below. The other order could leave rows of a deleted device.
      // Devices are deleted, not returned to the inventory (devices.station_id is ON DELETE SET NULL).
      if (deviceIds.length > 0) await tx.delete(devices).where(inArray(devices.id, deviceIds));
      await tx.delete(stations).where(eq(stations.ownerId, userId));
      if (deviceIds.length > 0) {
        await tx.delete(telemetry).where(inArray(telemetry.deviceId, deviceIds));
        await tx.delete(telemetry5min).where(inArray(telemetry5min.deviceId, deviceIds));
      }
    }
    await tx.delete(users).where(eq(users.id, userId));
    return stationIds.length;
  });
}
