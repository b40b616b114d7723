/**
 * The ingest's per-message path alone (issue 12 §4, 20,000 messages/s): startIngest attached to a stand-in
 * for the embedded broker, fed one-sample telemetry messages as aedes hands them over (topic + payload
 * Buffer), 800 at a time (the in-flight window of bench/ingest.ts: 100 devices × 8), each group awaited
 * as the held PUBACKs would be. Reports this process's CPU per message: topic reading, device lookup,
 * JSON parse, schema check, mapping, queueing, settling, and the writer's Node side (the database's own
 * work is in its process). No broker or TCP, so it isolates the code the ingest owns and is steadier on
 * a shared machine than bench/ingest.ts' messages/s.
 *
 * `DATABASE_URL=… node --import tsx bench/ingest-path.ts` (PGlite without it). Knob: INGEST_PATH_MESSAGES
 * (default 100,000).
 */
import pino from 'pino';
import type { EmbeddedBroker } from '../apps/server/src/ingest/broker';
import type { PublishInterceptor } from '../apps/server/src/ingest/broker-auth';
import { startIngest } from '../apps/server/src/ingest/ingest';
import { createTestDevice, createTestStation } from '../apps/server/src/ingest/test-ingest';
import { BENCH_DEVICE_RATE, openBenchDb } from './harness';
import { printTable } from './table';

const DEVICES = 100;
const WINDOW = 800;
const total = Number(process.env.INGEST_PATH_MESSAGES ?? 100_000);
const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const { db, close } = await openBenchDb(kind, 'ingest-path');
let handler: PublishInterceptor | null = null;
const broker = {
  attachIngest(h: PublishInterceptor) {
    handler = h;
    return () => {
      handler = null;
    };
  },
} as unknown as EmbeddedBroker;
const ingest = await startIngest({
  db,
  log: pino({ level: 'silent' }),
  broker,
  deviceRate: BENCH_DEVICE_RATE,
});
const station = await createTestStation(db);
const sns: string[] = [];
for (let i = 0; i < DEVICES; i++) sns.push((await createTestDevice(db, 'inverter', station)).sn);
const topicsOf = sns.map((sn) => `ems/v1/${sn}/telemetry`);
const start = Date.UTC(2026, 0, 1);
const payload = (k: number) =>
  Buffer.from(
    JSON.stringify({
      ts: start + Math.floor(k / DEVICES) * 1000,
      points: {
        W: 2000 + (k % 3000),
        WH: 1e6 + k,
        DCW: 2060,
        DCV: 380.5,
        DCA: 5.4,
        PhVphA: 230.1,
        A: 8.7,
        Hz: 50,
        TmpCab: 41,
        St: 4,
      },
    }),
  );

// Built before the clock starts: the load's own cost is not the ingest's.
const payloads = Array.from({ length: total }, (_, k) => payload(k));
const began = performance.now();
const cpuAt = process.cpuUsage();
for (let k = 0; k < total; ) {
  const held: Promise<void>[] = [];
  for (let j = 0; j < WINDOW && k < total; j++, k++) {
    const p = handler!(topicsOf[k % DEVICES]!, payloads[k]!);
    if (p) held.push(p);
  }
  await Promise.all(held);
}
const cpu = process.cpuUsage(cpuAt);
const ms = performance.now() - began;
const s = ingest.stats();
await ingest.stop();
await close();
printTable('Ingest path alone (no broker), 1 sample/message', [
  {
    database: kind,
    messages: s.messages,
    stored: s.stored,
    'CPU µs/msg': Math.round((cpu.user + cpu.system) / s.messages / 0.1) / 10,
    'msg/s (wall)': Math.round(s.messages / (ms / 1000)),
  },
]);
process.exit(0);
