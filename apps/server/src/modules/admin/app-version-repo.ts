/** SQL of app versions (table app_versions): the console's list and create, the public "newest". */
import type { AppVersion } from '@ems/contract/api/admin';
import { desc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appVersions } from '../../db/schema';

type Row = typeof appVersions.$inferSelect;

const toAppVersion = (r: Row): AppVersion => ({
  ...r,
  platform: r.platform as AppVersion['platform'],
  publishedAt: r.publishedAt.toISOString(),
});

/** Every version, newest first (publication time, then id). */
export async function listAppVersions(db: Db): Promise<AppVersion[]> {
  const rows = await db
    .select()
    .from(appVersions)
    .orderBy(desc(appVersions.publishedAt), desc(appVersions.id));
  return rows.map(toAppVersion);
}

/** The highest versionCode published for `platform`, or null when it has none. */
export async function maxVersionCode(db: Db, platform: string): Promise<number | null> {
  const [row] = await db
    .select({ code: max(appVersions.versionCode) })
    .from(appVersions)
    .where(eq(appVersions.platform, platform));
  return row?.code ?? null;
}

/** Inserts a version and returns it. */
export async function insertAppVersion(db: Db, v: Omit<Row, 'id' | 'publishedAt'>): Promise<AppVersion> {
  const rows = await db.insert(appVersions).values(v).returning();
  return toAppVersion(rows[0]!);
}

/** The newest version (highest versionCode) of each platform, or of `platform` only; by platform name. */
export async function latestAppVersions(db: Db, platform?: string): Promise<AppVersion[]> {
  const rows = await db
    .selectDistinctOn([appVersions.platform])
    .from(appVersions)
    .where(platform ? eq(appVersions.platform, platform) : undefined)
    .orderBy(appVersions.platform, desc(appVersions.versionCode), desc(appVersions.id));
  return rows.map(toAppVersion);
}
