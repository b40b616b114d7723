/** SQL of alarm calls. */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { alarms } from '../../db/schema';
import type { StationScope } from '../access/station-access';

/**
 * Number of active alarms (cleared_at null) per level on the stations `scope`: named ids, or the caller's
 * stations as a sub-select, so the top bar's count costs one statement (issue 10 §6).
 */
export async function countActiveByLevel(
  db: DbHandle,
  scope: readonly number[] | StationScope,
): Promise<{ level: number; count: number }[]> {
  if (Array.isArray(scope) && scope.length === 0) return [];
  return db.db
    .select({ level: sql<number>`${alarms.alarmLevel}::int`, count: sql<number>`count(*)::int` })
    .from(alarms)
    .where(and(inArray(alarms.stationId, scope as number[] | StationScope), isNull(alarms.clearedAt)))
    .groupBy(alarms.alarmLevel);
}

// ---- issue 9: lists, counters, rules ----

/** Filters of an alarm list, already access-checked (stationIds are all visible to the caller). */
export interface AlarmFilter {
  stationIds: readonly number[];
  /** true: current (cleared_at null); false: history; undefined: both. */
  current?: boolean;
  deviceId?: number;
  levels?: readonly number[];
  /** Start-time range, epoch ms (inclusive, exclusive). */
  from?: number;
  to?: number;
  /** Case-insensitive substring of description, code, device or site name. */
  text?: string;
  /** Catalogue codes whose description in the viewer's language holds `text` (codesDescribedAs). */
  textCodes?: { families: string[]; codes: string[] };
}

/** One alarm row with its device and site (raw SQL names). */
export interface AlarmDbRow {
  id: number;
  station_id: number;
  device_id: number | null;
  alarm_code: string;
  alarm_level: number;
  alarm_desc: string;
  catalog: string | null;
  source: string;
  started_at: Date;
  cleared_at: Date | null;
  device_name: string | null;
  station_name: string;
  system_type: number;
  time_zone: string;
  total: number;
}

function where(f: AlarmFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.stationIds];
  const parts = ['a.station_id = ANY($1::int[])'];
  const add = (cond: (n: string) => string, v: unknown) => {
    params.push(v);
    parts.push(cond(`$${params.length}`));
  };
  if (f.current === true) parts.push('a.cleared_at IS NULL');
  if (f.current === false) parts.push('a.cleared_at IS NOT NULL');
  if (f.deviceId !== undefined) add((p) => `a.device_id = ${p}`, f.deviceId);
  if (f.levels && f.levels.length > 0) add((p) => `a.alarm_level = ANY(${p}::int[])`, f.levels);
  if (f.from !== undefined) add((p) => `a.started_at >= ${p}::timestamptz`, new Date(f.from).toISOString());
  if (f.to !== undefined) add((p) => `a.started_at < ${p}::timestamptz`, new Date(f.to).toISOString());
  if (f.text) {
    // LIKE metacharacters in the user's text match themselves.
    const pattern = `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // One OR across the joined tables can only be a scan; as a union of per-table matches each branch
    // uses its pg_trgm GIN index (migration 0006) and the rows found are the same.
    add(
      (p) => `a.id IN (
        SELECT id FROM alarms WHERE alarm_desc ILIKE ${p} OR alarm_code ILIKE ${p}
        UNION ALL SELECT x.id FROM alarms x JOIN devices xd ON xd.id = x.device_id WHERE xd.name ILIKE ${p}
        UNION ALL SELECT x.id FROM alarms x JOIN stations xs ON xs.id = x.station_id WHERE xs.name ILIKE ${p}${
          f.textCodes && f.textCodes.codes.length > 0
            ? `
        UNION ALL SELECT x.id FROM alarms x JOIN unnest($${params.length + 1}::text[], $${params.length + 2}::text[])
          AS c(family, code) ON x.catalog = c.family AND x.alarm_code = c.code`
            : ''
        })`,
      pattern,
    );
    if (f.textCodes && f.textCodes.codes.length > 0) params.push(f.textCodes.families, f.textCodes.codes);
  }
  return { sql: parts.join(' AND '), params };
}

/** One page of alarms matching `f`, newest first, with the total count in every row. */
export async function listAlarms(
  db: DbHandle,
  f: AlarmFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AlarmDbRow[]; total: number }> {
  if (f.stationIds.length === 0) return { rows: [], total: 0 };
  const w = where(f);
  const from = `FROM alarms a JOIN stations s ON s.id = a.station_id LEFT JOIN devices d ON d.id = a.device_id
     WHERE ${w.sql}`;
  const [rows, count] = await Promise.all([
    db.query<AlarmDbRow>(
      `SELECT a.id::int AS id, a.station_id, a.device_id, a.alarm_code, a.alarm_level::int AS alarm_level,
              a.alarm_desc, a.catalog, a.source, a.started_at, a.cleared_at, d.name AS device_name,
              s.name AS station_name, s.system_type::int AS system_type, s.time_zone
       ${from} ORDER BY a.started_at DESC, a.id DESC LIMIT ${limit | 0} OFFSET ${offset | 0}`,
      w.params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, w.params),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/**
 * Active alarms per station and level of the stations `ids`, or of every station when null (for
 * current/count with isarray, and the badge cache).
 */
export async function countActiveByStation(
  db: DbHandle,
  ids: readonly number[] | null,
): Promise<{ station_id: number; level: number; count: number }[]> {
  if (ids !== null && ids.length === 0) return [];
  const res = await db.query<{ station_id: number; level: number; count: number }>(
    `SELECT station_id, alarm_level::int AS level, count(*)::int AS count FROM alarms
     WHERE ${ids === null ? '' : 'station_id = ANY($1::int[]) AND '}cleared_at IS NULL
     GROUP BY station_id, alarm_level ORDER BY station_id`,
    ids === null ? [] : [ids],
  );
  return res.rows;
}

/** Counters of the alarm page: active now, started since `todayStart`, started in the last 24 h. */
export async function alarmSummary(
  db: DbHandle,
  ids: readonly number[],
  todayStart: Date,
  now: Date,
): Promise<{ active: number; today: number; last24h: number }> {
  if (ids.length === 0) return { active: 0, today: 0, last24h: 0 };
  const res = await db.query<{ active: number; today: number; last24h: number }>(
    `SELECT count(*) FILTER (WHERE cleared_at IS NULL)::int AS active,
            count(*) FILTER (WHERE started_at >= $2::timestamptz)::int AS today,
            count(*) FILTER (WHERE started_at >= $3::timestamptz - interval '24 hours')::int AS last24h
     FROM alarms WHERE station_id = ANY($1::int[])
       AND (cleared_at IS NULL OR started_at >= least($2::timestamptz, $3::timestamptz - interval '24 hours'))`,
    [ids, todayStart.toISOString(), now.toISOString()],
  );
  return res.rows[0] ?? { active: 0, today: 0, last24h: 0 };
}
