/** SQL of groups (spec §3 Group): a user's groups, their sites, the default group. */
import type { DbHandle } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';

/** A group row. */
export interface GroupRow {
  id: number;
  ownerId: number;
  name: string;
  isDefault: boolean;
}

const GROUP_COLUMNS = 'id, owner_id AS "ownerId", name, is_default AS "isDefault"';

/** Name of the default group as stored; the web shows it translated. */
export const DEFAULT_GROUP_NAME = 'Default';

/**
 * The default group of `userId`, created on first use (spec §5: every site a user sees sits under one of
 * their groups, so one must always exist). Safe under concurrent calls (unique partial index).
 */
export async function ensureDefaultGroup(db: DbHandle, userId: number): Promise<GroupRow> {
  const found = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM station_groups WHERE owner_id = $1 AND is_default`,
    [userId],
  );
  if (found.rows[0]) return found.rows[0];
  try {
    const res = await db.query<GroupRow>(
      `INSERT INTO station_groups (owner_id, name, is_default) VALUES ($1, $2, true) RETURNING ${GROUP_COLUMNS}`,
      [userId, DEFAULT_GROUP_NAME],
    );
    return res.rows[0]!;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return ensureDefaultGroup(db, userId);
  }
}

/** Every group of `userId`, the default first, then by name. */
export async function listGroups(db: DbHandle, userId: number): Promise<GroupRow[]> {
  const res = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM station_groups WHERE owner_id = $1 ORDER BY is_default DESC, name, id`,
    [userId],
  );
  return res.rows;
}

/** The group `groupId` when `userId` owns it. */
export async function findOwnGroup(
  db: DbHandle,
  userId: number,
  groupId: number,
): Promise<GroupRow | undefined> {
  const res = await db.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM station_groups WHERE id = $1 AND owner_id = $2`,
    [groupId, userId],
  );
  return res.rows[0];
}

/**
 * Inserts a group. @returns the row, or null when the owner already has a group of that name.
 */
export async function insertGroup(db: DbHandle, userId: number, name: string): Promise<GroupRow | null> {
  try {
    const res = await db.query<GroupRow>(
      `INSERT INTO station_groups (owner_id, name) VALUES ($1, $2) RETURNING ${GROUP_COLUMNS}`,
      [userId, name],
    );
    return res.rows[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Renames a group. @returns false when the owner already has another group of that name. */
export async function renameGroup(db: DbHandle, groupId: number, name: string): Promise<boolean> {
  try {
    await db.query('UPDATE station_groups SET name = $2 WHERE id = $1', [groupId, name]);
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Deletes a group; its sites' rows cascade, so they fall back to the default group. */
export async function deleteGroup(db: DbHandle, groupId: number): Promise<void> {
  await db.query('DELETE FROM station_groups WHERE id = $1', [groupId]);
}

/** How many groups `userId` has. */
export async function groupCount(db: DbHandle, userId: number): Promise<number> {
  const res = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM station_groups WHERE owner_id = $1',
    [userId],
  );
  return res.rows[0]?.n ?? 0;
}

/**
 * Puts `stationIds` under `groupId` for `userId` (replacing the group each was under). Putting a site
 * into the default group removes its row, as a site without a row is in the default group.
 */
export async function placeStations(
  db: DbHandle,
  userId: number,
  group: GroupRow,
  stationIds: readonly number[],
): Promise<void> {
  if (stationIds.length === 0) return;
  if (group.isDefault) {
    await db.query('DELETE FROM group_stations WHERE user_id = $1 AND station_id = ANY($2::int[])', [
      userId,
      stationIds,
    ]);
    return;
  }
  await db.query(
    `INSERT INTO group_stations (user_id, station_id, group_id)
     SELECT $1, unnest($2::int[]), $3
     ON CONFLICT (user_id, station_id) DO UPDATE SET group_id = EXCLUDED.group_id`,
    [userId, stationIds, group.id],
  );
}

/** A site as the tree lists it, with the caller's group id (null: the default group). */
export interface TreeSiteRow {
  stationId: number;
  stationName: string;
  systemType: number;
  capacity: number;
  address: string;
  areaCode: string | null;
  ownerId: number;
  groupId: number | null;
}

/** Sites `stationIds` with the group `userId` put each under. */
export async function findTreeSites(
  db: DbHandle,
  userId: number,
  stationIds: readonly number[],
): Promise<TreeSiteRow[]> {
  if (stationIds.length === 0) return [];
  const res = await db.query<TreeSiteRow>(
    `SELECT s.id AS "stationId", s.name AS "stationName", s.system_type AS "systemType",
            s.capacity_kw AS capacity, s.address, s.area_code AS "areaCode", s.owner_id AS "ownerId",
            g.group_id AS "groupId"
     FROM stations s LEFT JOIN group_stations g ON g.station_id = s.id AND g.user_id = $1
     WHERE s.id = ANY($2::int[])
     ORDER BY s.name, s.id`,
    [userId, stationIds],
  );
  return res.rows;
}

/** The id of the group `userId` put site `stationId` under (their default group when none). */
export async function groupIdOf(db: DbHandle, userId: number, stationId: number): Promise<number> {
  const res = await db.query<{ group_id: number }>(
    'SELECT group_id FROM group_stations WHERE user_id = $1 AND station_id = $2',
    [userId, stationId],
  );
  return res.rows[0]?.group_id ?? (await ensureDefaultGroup(db, userId)).id;
}
