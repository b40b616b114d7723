/** SQL of alarm calls. */
import type { DbHandle } from '../../db/client';

/** Number of active alarms (cleared_at null) per level on the stations `ids`. */
export async function countActiveByLevel(
  db: DbHandle,
  ids: readonly number[],
): Promise<{ level: number; count: number }[]> {
  if (ids.length === 0) return [];
  const res = await db.query<{ level: number; count: number }>(
    `SELECT alarm_level::int AS level, count(*)::int AS count FROM alarms
     WHERE station_id = ANY($1::int[]) AND cleared_at IS NULL GROUP BY alarm_level`,
    [ids],
  );
  return res.rows;
}
