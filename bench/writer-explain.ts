/**
 * Prints EXPLAIN ANALYZE of the telemetry writer's statement for one 5,000-row batch after `WARM`
 * batches (100 inverters, one sample per second each, as in bench/ingest.ts). Profiling aid for
 * issue 12 §4: `DATABASE_URL=… node --import tsx bench/writer-explain.ts` (PGlite without it).
 */
import type { DbHandle } from '../apps/server/src/db/client';
import { createTestDevice, createTestStation } from '../apps/server/src/ingest/test-ingest';
import { type TelemetryRow, writeSamples } from '../apps/server/src/ingest/writer';
import { openBenchDb } from './harness';

const DEVICES = 100;
const WARM = Number(process.env.WARM ?? 20);
const BATCH = Number(process.env.BATCH ?? 5000);
const { db, close } = await openBenchDb(process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', 'explain');
const station = await createTestStation(db);
const ids: number[] = [];
for (let i = 0; i < DEVICES; i++) ids.push((await createTestDevice(db, 'inverter', station)).id);
const start = Date.UTC(2026, 0, 1);
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
const explaining: DbHandle = {
  ...db,
  query: (async (sql: string, params?: unknown[]) => {
    const res = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(res.rows.map((r) => Object.values(r)[0]).join('\n'));
    return { rows: [{ inserted: 0 }] };
  }) as DbHandle['query'],
};
await writeSamples(explaining, batch());
await close();
process.exit(0);
