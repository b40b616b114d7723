/**
 * Keeps the daily and monthly energy rollups current (issue 12, docs/energy.md "Rollups"). The ingest
 * writer marks (device, local day) in rollup_dirty in the statement that stores the samples; this
 * module claims marks (DELETE … RETURNING), recomputes those days from telemetry_5min with the same
 * parts bucket-energy uses, rebuilds the hours of those days (rollup-hours.ts, power and SOC of every
 * device type) and sums them into the days, then the months holding them from the days. Runs as a job
 * every few seconds and, for the days a read needs, before the read (rollup-read.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import { isDataError } from '../../db/errors';
import type { JobDefinition } from '../../jobs/job';
import { nextDay, parseLocalDate } from '../../shared/zoned-time';
import { localDayRange } from './bucket-edges';
import { loadBucketParts } from './bucket-energy';
import { ENERGY_DEVICE_TYPES } from './energy-flow';
import type { BucketEnergy } from './energy-source';
import { recomputeHours } from './rollup-hours';
import {
  combineParts,
  emptyParts,
  isEmptyParts,
  type PeriodParts,
  partsOfRow,
  type RollupRowColumns,
} from './rollup-parts';
import {
  combinePower,
  emptyPower,
  isEmptyPower,
  type PowerParts,
  type PowerRowColumns,
  powerOfRow,
} from './rollup-power';

/** A (device, local day `YYYY-MM-DD`) to recompute. */
export interface DirtyDay {
  deviceId: number;
  day: string;
}

// One chain per database: a read that flushes its days waits for a job run that claimed them.
const chains = new WeakMap<DbHandle, Promise<unknown>>();
function serialized<T>(db: DbHandle, work: () => Promise<T>): Promise<T> {
  const run = (chains.get(db) ?? Promise.resolve()).then(work, work);
  chains.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}

const DAY_ROW = `device_id AS "deviceId", day::text AS day`;

/**
 * Recomputes the marked days of `deviceIds` before each one's `before` day (local, `YYYY-MM-DD`), so a
 * read of past days sees every sample stored so far. Waits for a job run in progress.
 */
export function flushRollups(
  db: DbHandle,
  devices: readonly { deviceId: number; before: string }[],
): Promise<number> {
  if (devices.length === 0) return Promise.resolve(0);
  return serialized(db, async () => {
    const claimed = await db.query<DirtyDay>(
      `DELETE FROM rollup_dirty d USING unnest($1::int[], $2::date[]) AS u(id, before)
       WHERE d.device_id = u.id AND d.day < u.before RETURNING d.device_id AS "deviceId", d.day::text AS day`,
      [devices.map((d) => d.deviceId), devices.map((d) => d.before)],
    );
    await recomputeClaimed(db, claimed.rows);
    return claimed.rows.length;
  });
}

/** Marked days refreshRollups claims by default; the rollup job claims ROLLUP_JOB_CHUNK at a time. */
export const ROLLUP_BATCH = 5_000;

/**
 * Recomputes up to `limit` marked days, oldest first. With `log`, the days of a device whose data cannot
 * be rolled up (isDataError) are set aside and logged, the rest of the batch goes on (issue 31); without
 * it their marks stay for a run that has one. @returns how many were claimed.
 */
export function refreshRollups(
  db: DbHandle,
  limit = ROLLUP_BATCH,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<number> {
  return serialized(db, async () => {
    const claimed = await db.query<DirtyDay>(
      `DELETE FROM rollup_dirty WHERE (device_id, day) IN
         (SELECT device_id, day FROM rollup_dirty ORDER BY day, device_id LIMIT $1)
       RETURNING ${DAY_ROW}`,
      [limit],
    );
    await recomputeClaimed(db, claimed.rows, log);
    return claimed.rows.length;
  });
}

/**
 * Deletes the rollups of `deviceIds` and marks every local day they have 5-minute rows on, in their
 * site's current time zone: for a device moved to another site or a site whose time zone changed.
 */
export async function rebuildRollups(db: DbHandle, deviceIds: readonly number[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await db.query('DELETE FROM energy_daily WHERE device_id = ANY($1::int[])', [deviceIds]);
  await db.query('DELETE FROM energy_monthly WHERE device_id = ANY($1::int[])', [deviceIds]);
  await db.query('DELETE FROM telemetry_hourly WHERE device_id = ANY($1::int[])', [deviceIds]);
  await db.query(
    `INSERT INTO rollup_dirty (device_id, day)
     SELECT DISTINCT r.device_id, (r.bucket AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date
     FROM telemetry_5min r JOIN devices d ON d.id = r.device_id LEFT JOIN stations s ON s.id = d.station_id
     WHERE r.device_id = ANY($1::int[]) ON CONFLICT DO NOTHING`,
    [deviceIds],
  );
}

/** Puts marks back, so the next run retries them. */
async function putBack(db: DbHandle, days: readonly DirtyDay[]): Promise<void> {
  if (days.length === 0) return;
  await db.query(
    `INSERT INTO rollup_dirty (device_id, day) SELECT * FROM unnest($1::int[], $2::date[]) ON CONFLICT DO NOTHING`,
    [days.map((c) => c.deviceId), days.map((c) => c.day)],
  );
}

/**
 * Recomputes claimed days. When the batch fails on bad data (one device's impossible row), each device
 * is recomputed alone: the failing ones are set aside (with `log`: dropped and logged; without: put back)
 * and the others' days are done. Any other failure (the database away) puts every mark back and throws.
 */
async function recomputeClaimed(
  db: DbHandle,
  claimed: readonly DirtyDay[],
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  if (claimed.length === 0) return;
  try {
    return await recomputeDays(db, claimed);
  } catch (err) {
    if (!isDataError(err)) {
      await putBack(db, claimed);
      throw err;
    }
  }
  const byDevice = Map.groupBy(claimed, (c) => c.deviceId);
  const left = [...byDevice.values()];
  while (left.length > 0) {
    const days = left.shift()!;
    try {
      await recomputeDays(db, days);
    } catch (err) {
      if (!isDataError(err)) {
        await putBack(db, [days, ...left].flat());
        throw err;
      }
      const deviceId = days[0]!.deviceId;
      if (log)
        log.error({ err, deviceId, days: days.map((d) => d.day).sort() }, 'rollup days set aside: bad data');
      else await putBack(db, days);
    }
  }
}

/** Days sorted and cut into runs of consecutive days. */
function consecutiveRuns(days: Iterable<string>): string[][] {
  const runs: string[][] = [];
  for (const day of [...new Set(days)].sort()) {
    const run = runs[runs.length - 1];
    if (run && nextDay(run[run.length - 1]!) === day) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** A daily or monthly row to write: `day` is its key (the month's first day for a monthly row). */
interface RollupRow {
  deviceId: number;
  day: string;
  parts: PeriodParts;
  power: PowerParts;
}

const emptyPeriod = (): PeriodParts => ({ eIn: emptyParts(), eOut: emptyParts() });

/** Recomputes the daily rows of `dirty` and the monthly rows holding them. */
async function recomputeDays(db: DbHandle, dirty: readonly DirtyDay[]): Promise<void> {
  const ids = [...new Set(dirty.map((d) => d.deviceId))];
  const info = await db.query<{ id: number; type: string; tz: string }>(
    `SELECT d.id, d.device_type AS type, coalesce(s.time_zone, 'UTC') AS tz
     FROM devices d LEFT JOIN stations s ON s.id = d.station_id WHERE d.id = ANY($1::int[])`,
    [ids],
  );
  const devices = new Map(info.rows.map((r) => [r.id, r]));
  const byZone = new Map<string, DirtyDay[]>();
  for (const d of dirty) {
    const dev = devices.get(d.deviceId);
    if (!dev) continue;
    byZone.set(dev.tz, [...(byZone.get(dev.tz) ?? []), d]);
  }

  const rows: RollupRow[] = [];
  for (const [tz, entries] of byZone) {
    for (const run of consecutiveRuns(entries.map((e) => e.day))) {
      const inRun = new Set(run);
      const runDevices = [...new Set(entries.filter((e) => inRun.has(e.day)).map((e) => e.deviceId))];
      const starts = run.map((day) => new Date(localDayRange(parseLocalDate(day)!, tz).start));
      const end = new Date(localDayRange(parseLocalDate(run[run.length - 1]!)!, tz).end);
      const parts = await loadBucketParts(
        db,
        runDevices
          .filter((id) => ENERGY_DEVICE_TYPES.has(devices.get(id)!.type))
          .map((id) => ({ deviceId: id, deviceType: devices.get(id)!.type })),
        starts,
        end,
      );
      // Every (device, day) of the run, so a device with power but no energy parts gets its row too.
      const byKey = new Map<string, RollupRow>();
      for (const id of runDevices) {
        for (const day of run) {
          byKey.set(`${id}|${day}`, { deviceId: id, day, parts: emptyPeriod(), power: emptyPower() });
        }
      }
      for (const p of parts) {
        run.forEach((day, i) => {
          byKey.get(`${p.deviceId}|${day}`)!.parts = { eIn: p.eIn[i]!, eOut: p.eOut[i]! };
        });
      }
      // A day's power is its hours': the hourly rows are rebuilt from the 5-minute rows once, here.
      for (const h of await recomputeHours(db, runDevices, run, tz)) {
        const row = byKey.get(`${h.deviceId}|${h.day}`);
        if (row) row.power = combinePower(row.power, h.power);
      }
      rows.push(...byKey.values());
    }
  }
  // Devices removed since the mark: their marked days hold nothing.
  const kept = new Set(rows.map((r) => `${r.deviceId}|${r.day}`));
  const gone = dirty.filter((d) => !kept.has(`${d.deviceId}|${d.day}`));
  await writeRows(
    db,
    'energy_daily',
    'day',
    rows,
    gone.map((g) => ({ deviceId: g.deviceId, key: g.day })),
  );
  const months = new Map<string, { deviceId: number; month: string }>();
  for (const { deviceId, day } of [...rows, ...gone]) {
    const month = `${day.slice(0, 7)}-01`;
    months.set(`${deviceId}|${month}`, { deviceId, month });
  }
  await recomputeMonths(db, [...months.values()]);
}

/** Rebuilds the monthly rows of (device, first day of month) from their daily rows. */
async function recomputeMonths(
  db: DbHandle,
  months: readonly { deviceId: number; month: string }[],
): Promise<void> {
  if (months.length === 0) return;
  const res = await db.query<RollupRowColumns & PowerRowColumns & { device_id: number; month: string }>(
    `SELECT d.*, u.month::text AS month FROM unnest($1::int[], $2::date[]) AS u(id, month)
     JOIN energy_daily d ON d.device_id = u.id AND d.day >= u.month AND d.day < (u.month + interval '1 month')::date
     ORDER BY d.device_id, d.day`,
    [months.map((m) => m.deviceId), months.map((m) => m.month)],
  );
  const acc = new Map<string, RollupRow>();
  for (const r of res.rows) {
    const k = `${r.device_id}|${r.month}`;
    const day = partsOfRow(r);
    const power = powerOfRow(r);
    const prev = acc.get(k);
    acc.set(k, {
      deviceId: r.device_id,
      day: r.month,
      parts: prev
        ? { eIn: combineParts(prev.parts.eIn, day.eIn), eOut: combineParts(prev.parts.eOut, day.eOut) }
        : day,
      power: prev ? combinePower(prev.power, power) : power,
    });
  }
  const rows = [...acc.values()];
  const gone = months
    .filter((m) => !acc.has(`${m.deviceId}|${m.month}`))
    .map((m) => ({ deviceId: m.deviceId, key: m.month }));
  await writeRows(db, 'energy_monthly', 'month', rows, gone);
}

/** Upserts rows holding a measurement, deletes the others and those in `gone`. */
async function writeRows(
  db: DbHandle,
  table: 'energy_daily' | 'energy_monthly',
  keyCol: 'day' | 'month',
  rows: readonly RollupRow[],
  gone: readonly { deviceId: number; key: string }[],
): Promise<void> {
  const empty = (r: RollupRow) => isEmptyParts(r.parts) && isEmptyPower(r.power);
  const keep = rows.filter((r) => !empty(r));
  const drop = [...gone, ...rows.filter(empty).map((r) => ({ deviceId: r.deviceId, key: r.day }))];
  if (drop.length > 0) {
    await db.query(
      `DELETE FROM ${table} t USING unnest($1::int[], $2::date[]) AS u(id, k) WHERE t.device_id = u.id AND t.${keyCol} = u.k`,
      [drop.map((d) => d.deviceId), drop.map((d) => d.key)],
    );
  }
  if (keep.length === 0) return;
  const col = (pick: (p: PeriodParts) => BucketEnergy, f: keyof BucketEnergy) =>
    keep.map((r) => {
      const v = pick(r.parts)[f];
      return v === undefined ? null : v;
    });
  const eIn = (p: PeriodParts) => p.eIn ?? emptyParts();
  const eOut = (p: PeriodParts) => p.eOut ?? emptyParts();
  await db.query(
    `INSERT INTO ${table} AS t (device_id, ${keyCol}, in_counter_wh, in_whole, in_power_wh, in_power_before_wh,
                               out_counter_wh, out_whole, out_power_wh, out_power_before_wh,
                               w_sum, w_count, soc_last, soc_at)
     SELECT * FROM unnest($1::int[], $2::date[], $3::float8[], $4::bool[], $5::float8[], $6::float8[],
                          $7::float8[], $8::bool[], $9::float8[], $10::float8[],
                          $11::float8[], $12::int[], $13::real[], $14::timestamptz[])
     ON CONFLICT (device_id, ${keyCol}) DO UPDATE SET
       in_counter_wh = excluded.in_counter_wh, in_whole = excluded.in_whole, in_power_wh = excluded.in_power_wh,
       in_power_before_wh = excluded.in_power_before_wh, out_counter_wh = excluded.out_counter_wh,
       out_whole = excluded.out_whole, out_power_wh = excluded.out_power_wh,
       out_power_before_wh = excluded.out_power_before_wh, w_sum = excluded.w_sum,
       w_count = excluded.w_count, soc_last = excluded.soc_last, soc_at = excluded.soc_at`,
    [
      keep.map((r) => r.deviceId),
      keep.map((r) => r.day),
      col(eIn, 'counterWh'),
      col(eIn, 'counterWhole'),
      col(eIn, 'powerWh'),
      col(eIn, 'powerBeforeWh'),
      col(eOut, 'counterWh'),
      col(eOut, 'counterWhole'),
      col(eOut, 'powerWh'),
      col(eOut, 'powerBeforeWh'),
      keep.map((r) => r.power.wSum),
      keep.map((r) => r.power.wCount),
      keep.map((r) => r.power.socLast),
      keep.map((r) => r.power.socAt?.toISOString() ?? null),
    ],
  );
}

/**
 * Marked days the rollup job claims and recomputes at a time. Small, so that on PGlite (one statement at a
 * time, docs/decisions/0032-pglite-thread.md) a read waits behind a few milliseconds of rollup work:
 * recomputing one device's day took 1.5–3 ms there (16 device-days, 46 ms, under 10,000 points/s in
 * bench/list-real.ts), and the job used to claim every mark, up to 5,000, at once (issue 36 §1).
 */
export const ROLLUP_JOB_CHUNK = 10;

/**
 * The rollup job: every 5 s, recomputes the days marked when the run starts, ROLLUP_JOB_CHUNK at a time,
 * with at most ~4 s of work per run so runs never pile up (what is left waits for the next run). It
 * stops once it has claimed as many marks as there were at its start, or a claim came back short: live
 * ingest re-marks today's days within milliseconds, so chasing the marks would recompute the same days
 * again and again for the whole budget (it did: ≈ 4 s of database work every 5 s under steady ingest,
 * bench/list-real.ts). New marks wait for the next run.
 */
export const rollupJob: JobDefinition = {
  name: 'energy-rollups',
  everyMs: 5_000,
  offsetMs: 2_500,
  run: async ({ db, log }) => {
    const until = Date.now() + 4_000;
    const marked = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rollup_dirty');
    let left = marked.rows[0]?.n ?? 0;
    while (left > 0 && Date.now() < until) {
      const chunk = Math.min(ROLLUP_JOB_CHUNK, left);
      const claimed = await refreshRollups(db, chunk, log);
      left -= claimed;
      if (claimed < chunk) break;
    }
  },
};
