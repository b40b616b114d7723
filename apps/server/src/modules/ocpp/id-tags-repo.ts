/**
 * SQL of a charging site's id tags (issue 22): listed, added and deleted by the site's owner, read by the
 * chargers' Authorize and StartTransaction. Tags compare case-insensitively (OCPP CiString).
 */
import type { IdTagRow } from '@ems/contract/api/ocpp';
import type { DbHandle } from '../../db/client';

/** OCPP AuthorizationStatus of `idTag` at the site of charger `deviceId`: Accepted or Invalid. */
export async function idTagStatus(
  db: DbHandle,
  deviceId: number,
  idTag: string,
): Promise<'Accepted' | 'Invalid'> {
  const res = await db.query(
    `SELECT 1 FROM charging_id_tags t JOIN devices d ON d.station_id = t.station_id
     WHERE d.id = $1 AND lower(t.id_tag) = lower($2)`,
    [deviceId, idTag],
  );
  return res.rows.length > 0 ? 'Accepted' : 'Invalid';
}

/** The id tags of a site, by tag. */
export async function listIdTags(db: DbHandle, stationId: number): Promise<IdTagRow[]> {
  const res = await db.query<{ idTag: string; name: string | null; createdAt: Date }>(
    `SELECT id_tag AS "idTag", name, created_at AS "createdAt" FROM charging_id_tags
     WHERE station_id = $1 ORDER BY lower(id_tag)`,
    [stationId],
  );
  return res.rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).getTime() }));
}

/**
 * Adds an id tag to a site unless the site has `max` already.
 * @returns 'added', 'taken' (the site has this tag) or 'full'.
 */
export async function insertIdTag(
  db: DbHandle,
  stationId: number,
  idTag: string,
  name: string | null,
  max: number,
): Promise<'added' | 'taken' | 'full'> {
  const res = await db.query<{ added: boolean; full: boolean }>(
    `WITH n AS (SELECT count(*)::int AS n FROM charging_id_tags WHERE station_id = $1),
     ins AS (INSERT INTO charging_id_tags (station_id, id_tag, name) SELECT $1, $2, $3 FROM n WHERE n.n < $4
             ON CONFLICT DO NOTHING RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM ins) AS added, (SELECT n FROM n) >= $4 AS full`,
    [stationId, idTag, name, max],
  );
  const row = res.rows[0]!;
  return row.added ? 'added' : row.full ? 'full' : 'taken';
}

/** Deletes an id tag of a site (nothing when it has none). */
export async function deleteIdTag(db: DbHandle, stationId: number, idTag: string): Promise<void> {
  await db.query('DELETE FROM charging_id_tags WHERE station_id = $1 AND lower(id_tag) = lower($2)', [
    stationId,
    idTag,
  ]);
}
