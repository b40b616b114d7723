/**
 * Prints EXPLAIN ANALYZE of the telemetry writer's statement for one `BATCH`-row batch (default 5,000)
 * after `WARM` batches (default 20) of `DEVICES` inverters (default 100), one sample per second each, as
 * in bench/ingest.ts; before it, each warm batch's time, the median and mean of the last 300 (the steady
 * state, once the 5-minute rollup's rows have been updated many times), and the HOT share of the
 * updates of the tables the writer updates. RECENT=1 dates the samples from 3 hours ago (the current
 * month's partition, as live data) instead of 2026-01-01. Profiling aid for issues 12 §4 and 36:
 * `DATABASE_URL=… node --import tsx bench/writer-explain.ts` (PGlite without it).
 */
import type { DbHandle } from '../apps/server/src/db/client';
import { createTestDevice, createTestStation } from '../apps/server/src/ingest/test-ingest';
import { type TelemetryRow, writeSamples } from '../apps/server/src/ingest/writer';
import { openBenchDb } from './harness';

const DEVICES = Number(process.env.DEVICES ?? 100);
const WARM = Number(process.env.WARM ?? 20);
const BATCH = Number(process.env.BATCH ?? 5000);
const { db, close } = await openBenchDb(process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', 'explain');
const station = await createTestStation(db);
const ids: number[] = [];
for (let i = 0; i < DEVICES; i++) ids.push((await createTestDevice(db, 'inverter', station)).id);
const start = process.env.RECENT === '1' ? Date.now() - 3 * 3600_000 : Date.UTC(2026, 0, 1);
let k = 0;
function batch(): TelemetryRow[] {
  const out: TelemetryRow[] = [];
  for (let i = 0; i < BATCH; i++, k++) {
    const ts = new Date(start + Math.floor(k / DEVICES) * 1000);
    out.push({
      deviceId: ids[k % DEVICES]!,
      ts,
      w: 2500,
      soc: null,
      eIn: 1e6 + k,
      eOut: null,
      points: { W: 2500 },
    });
  }
  return out;
}
const times: number[] = [];
for (let i = 0; i < WARM; i++) {
  const t = performance.now();
  await writeSamples(db, batch());
  times.push(performance.now() - t);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  'batch ms',
  times.map((t) => Math.round(t)).join(' '),
  'min',
  Math.round(sorted[0]!),
  'median',
  Math.round(sorted[sorted.length >> 1]!),
);
const steady = times.slice(-300).sort((a, b) => a - b);
console.log(
  `last ${steady.length} batches: median ${steady[steady.length >> 1]!.toFixed(2)} ms, mean`,
  (steady.reduce((a, b) => a + b, 0) / steady.length).toFixed(2),
  'ms',
);
const explaining: DbHandle = {
  ...db,
  query: (async (sql: string, params?: unknown[]) => {
    const res = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(res.rows.map((r) => Object.values(r)[0]).join('\n'));
    return { rows: [{ inserted: 0 }] };
  }) as DbHandle['query'],
};
await writeSamples(explaining, batch());
// Updates that stayed HOT (no new index entries) and dead row versions, as far as the statistics have
// been flushed (PostgreSQL flushes a backend's counts within a second or so).
const updates = await db.query<Record<string, string>>(
  `SELECT relname, n_tup_upd AS updates, n_tup_hot_upd AS hot, n_dead_tup AS dead FROM pg_stat_all_tables
   WHERE relname IN ('device_latest', 'telemetry_5min') ORDER BY relname`,
);
console.table(updates.rows);
await close();
process.exit(0);
