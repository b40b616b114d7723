/** SQL of the console's user administration (tables users, stations). */
import type { AdminUserSchema } from '@ems/contract/api/admin';
import { asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { containsPattern } from './like-pattern';

type AdminUser = z.infer<typeof AdminUserSchema>;

const columns = {
  id: users.id,
  loginName: users.loginName,
  userName: users.userName,
  email: users.email,
  emailVerified: users.emailVerified,
  usertype: users.usertype,
  roles: users.roles,
  disabled: users.disabled,
  createdAt: users.createdAt,
  // Spelled out: Drizzle renders ${users.id} unqualified in a select list, which `s` would capture.
  stationCount: sql<number>`(SELECT count(*)::int FROM stations s WHERE s.owner_id = users.id)`,
  deviceCount: sql<number>`(SELECT count(*)::int FROM devices d JOIN stations s ON s.id = d.station_id WHERE s.owner_id = users.id)`,
  maxStations: users.maxStations,
  maxDevices: users.maxDevices,
};

const toAdminUser = (r: Omit<AdminUser, 'createdAt'> & { createdAt: Date }): AdminUser => ({
  ...r,
  stationCount: Number(r.stationCount),
  deviceCount: Number(r.deviceCount),
  createdAt: r.createdAt.toISOString(),
});

/** One page of users (by id) whose login name, user name or e-mail contains `filterText`, and the total. */
export async function findUserPage(
  db: Db,
  q: { pageNum: number; pageSize: number; filterText?: string | undefined },
): Promise<{ rows: AdminUser[]; total: number }> {
  const text = q.filterText?.trim();
  let where: SQL | undefined;
  if (text) {
    const p = containsPattern(text);
    where = or(ilike(users.loginName, p), ilike(users.userName, p), ilike(users.email, p));
  }
  const rows = await db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows: rows.map(toAdminUser), total: Number(total?.n ?? 0) };
}

/** The user as the console lists it, or undefined. */
export async function findAdminUser(db: Db, userId: number): Promise<AdminUser | undefined> {
  const rows = await db.select(columns).from(users).where(eq(users.id, userId));
  return rows[0] && toAdminUser(rows[0]);
}

/** Sets a user's type, disabled flag and/or limits (null: default); false when no such user. */
export async function updateUserFlags(
  db: Db,
  userId: number,
  patch: {
    usertype?: number | undefined;
    disabled?: boolean | undefined;
    maxStations?: number | null | undefined;
    maxDevices?: number | null | undefined;
  },
): Promise<boolean> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (patch.usertype !== undefined) set.usertype = patch.usertype;
  if (patch.disabled !== undefined) set.disabled = patch.disabled;
  if (patch.maxStations !== undefined) set.maxStations = patch.maxStations;
  if (patch.maxDevices !== undefined) set.maxDevices = patch.maxDevices;
  if (Object.keys(set).length === 0) {
    return (await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length > 0;
  }
  const rows = await db.update(users).set(set).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
