/**
 * Issue 23 §6: how many devices the measured figures allow per ingest node and per database, up to
 * 1 million devices at one sample per 5 s. Two parts, both printed as tables:
 *
 * - `measureStorage(kind)` writes `DEVICES` inverters × `HOURS` of 5-second samples (a realistic SunSpec
 *   payload of 16 points) through the ingest's own writer in 5,000-row batches, and reads back the writer's
 *   samples/s and the bytes each sample costs on disk (raw partition with its indexes, the 5-minute rollup,
 *   the daily energy rows).
 * - `capacityModel(ingest, storage)` turns them, with the ingest nodes' CPU per message measured by the
 *   ingest-nodes bench, into nodes, databases and disk for 10,000 … 1,000,000 devices.
 *
 * Alone: `DATABASE_URL=… node --import tsx bench/capacity.ts` (PGlite without it), with the per-message CPU
 * given as `CAPACITY_CPU_US` (default: the last measured PostgreSQL figure, docs/benchmarks.md).
 */
import type { DbHandle } from '../apps/server/src/db/client';
import { createTestDevice, createTestStation } from '../apps/server/src/ingest/test-ingest';
import { type TelemetryRow, writeSamples } from '../apps/server/src/ingest/writer';
import { type BenchDbKind, openBenchDb } from './harness';
import { printTable, type Row } from './table';

const DEVICES = Number(process.env.CAPACITY_DEVICES ?? 200);
const HOURS = Number(process.env.CAPACITY_HOURS ?? 6);
const BATCH = 5_000;
const PERIOD_S = 5;

/** What one database measured: writer throughput and disk per sample. */
export interface StorageFigures {
  database: BenchDbKind;
  samples: number;
  /** Samples/s of the writer alone, 5,000-row batches, one write at a time. */
  writerSamplesPerS: number;
  /** Bytes on disk per raw sample (telemetry partitions with their indexes and TOAST). */
  rawBytesPerSample: number;
  /** Bytes on disk per device and day of rollups (5-minute rows, daily energy). */
  rollupBytesPerDeviceDay: number;
}

/** What one ingest setup measured (from the ingest-nodes bench): server CPU per message. */
export interface IngestFigures {
  label: string;
  /** Server CPU µs per message at one sample per message, summed over the ingest processes. */
  cpuUsPerMessage: number;
  /** The broker's CPU µs per message, when measured. */
  brokerCpuUsPerMessage?: number;
}

/** Ingest figures from the ingest-nodes bench's rows (one per number of processes). */
export function ingestFiguresOf(rows: Row[]): IngestFigures[] {
  return rows
    .filter((r) => typeof r['server CPU µs/msg'] === 'number')
    .map((r) => ({
      label: `RabbitMQ, ${r['ingest processes']} process(es)`,
      cpuUsPerMessage: r['server CPU µs/msg'] as number,
      brokerCpuUsPerMessage: r['RabbitMQ CPU µs/msg'] as number,
    }));
}

/** A realistic inverter sample: the SunSpec points a hybrid inverter reports (docs/device-protocol.md). */
function inverterPoints(k: number): Record<string, number | string> {
  const w = 2000 + (k % 1500);
  return {
    W: w,
    WH: 12_500_000 + k,
    DCW: Math.round(w / 0.97),
    DCV: 381.4,
    DCA: 6.2,
    PhVphA: 230.8,
    A: 10.9,
    Hz: 50.01,
    VA: w + 40,
    VAr: 120,
    PF: 0.99,
    TmpCab: 41.5,
    TmpSnk: 47.2,
    St: 'MPPT',
    BatV: 402.3,
    BusV: 401.7,
  };
}

async function relationBytes(db: DbHandle, pattern: string): Promise<number> {
  const r = await db.query<{ bytes: string | null }>(
    `SELECT sum(pg_total_relation_size(c.oid))::text AS bytes FROM pg_class c
     WHERE c.relkind IN ('r', 'p') AND c.relname LIKE $1`,
    [pattern],
  );
  return Number(r.rows[0]?.bytes ?? 0);
}

/** Writes DEVICES × HOURS of 5-s samples through the writer and measures speed and disk. */
export async function measureStorage(kind: BenchDbKind): Promise<StorageFigures> {
  const { db, close } = await openBenchDb(kind, 'capacity');
  try {
    const station = await createTestStation(db);
    const ids: number[] = [];
    for (let i = 0; i < DEVICES; i++) ids.push((await createTestDevice(db, 'inverter', station)).id);
    const samples = DEVICES * HOURS * (3600 / PERIOD_S);
    const start = Date.UTC(2026, 5, 1);
    const rawBefore = await relationBytes(db, 'telemetry%');
    const rollupBefore = (await relationBytes(db, 'telemetry_5min%')) + (await relationBytes(db, 'energy_%'));
    let k = 0;
    const t0 = performance.now();
    while (k < samples) {
      const rows: TelemetryRow[] = [];
      for (let i = 0; i < BATCH && k < samples; i++, k++) {
        const points = inverterPoints(k);
        rows.push({
          deviceId: ids[k % DEVICES]!,
          ts: new Date(start + Math.floor(k / DEVICES) * PERIOD_S * 1000),
          w: points.W as number,
          soc: null,
          eIn: points.WH as number,
          eOut: null,
          points,
        });
      }
      await writeSamples(db, rows);
    }
    const seconds = (performance.now() - t0) / 1000;
    if (kind === 'PostgreSQL') await db.query('VACUUM ANALYZE');
    const rollup =
      (await relationBytes(db, 'telemetry_5min%')) + (await relationBytes(db, 'energy_%')) - rollupBefore;
    // telemetry% also matches telemetry_5min: take the rollup out again.
    const raw =
      (await relationBytes(db, 'telemetry%')) - rawBefore - (await relationBytes(db, 'telemetry_5min%'));
    return {
      database: kind,
      samples,
      writerSamplesPerS: samples / seconds,
      rawBytesPerSample: raw / samples,
      rollupBytesPerDeviceDay: rollup / DEVICES / (HOURS / 24),
    };
  } finally {
    await close();
  }
}

/** Rows of the storage table. */
export function storageRows(figures: StorageFigures[]): Row[] {
  return figures.map((f) => ({
    database: f.database,
    samples: f.samples,
    'writer samples/s': Math.round(f.writerSamplesPerS),
    'bytes/raw sample': Math.round(f.rawBytesPerSample),
    'rollup bytes/device/day': Math.round(f.rollupBytesPerDeviceDay),
  }));
}

const CORE_BUDGET = 0.6; // a node's cores kept at most 60 % busy with ingest, the rest for API and spikes
const NODE_CORES = 4;
const RAW_MONTHS = 13; // RAW_RETENTION_MONTHS default

/**
 * Devices → messages/s → ingest cores and 4-core nodes (at 60 % for ingest), databases at the writer's
 * measured samples/s, and disk: raw samples kept 13 months, rollups a year.
 */
export function capacityModel(ingest: IngestFigures, storage: StorageFigures): Row[] {
  return [10_000, 100_000, 250_000, 1_000_000].map((devices) => {
    const perS = devices / PERIOD_S;
    const cores = (perS * ingest.cpuUsPerMessage) / 1e6;
    const perDay = perS * 86_400;
    return {
      devices,
      'messages/s': Math.round(perS),
      ingest: ingest.label,
      'ingest cores': Number(cores.toFixed(2)),
      'broker cores':
        ingest.brokerCpuUsPerMessage === undefined
          ? '–'
          : Number(((perS * ingest.brokerCpuUsPerMessage) / 1e6).toFixed(2)),
      [`${NODE_CORES}-core nodes`]: Math.max(1, Math.ceil(cores / (NODE_CORES * CORE_BUDGET))),
      database: storage.database,
      'write streams (this box)': Number((perS / storage.writerSamplesPerS).toFixed(2)),
      'raw GB/day': Number(((perDay * storage.rawBytesPerSample) / 1e9).toFixed(1)),
      'raw TB kept (13 months)': Number(
        ((perDay * 30.4 * RAW_MONTHS * storage.rawBytesPerSample) / 1e12).toFixed(2),
      ),
      'rollup GB/year': Number(((devices * 365 * storage.rollupBytesPerDeviceDay) / 1e9).toFixed(1)),
    };
  });
}

/** The storage part on every database of the run, then the model for each ingest figure given. */
export async function runCapacityBench(ingest: IngestFigures[]): Promise<{ storage: Row[]; model: Row[] }> {
  const kinds: BenchDbKind[] = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
  const figures: StorageFigures[] = [];
  for (const kind of kinds) figures.push(await measureStorage(kind));
  const db = figures.at(-1)!;
  return { storage: storageRows(figures), model: ingest.flatMap((i) => capacityModel(i, db)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cpu = Number(process.env.CAPACITY_CPU_US ?? 26);
  const { storage, model } = await runCapacityBench([{ label: `${cpu} µs/msg`, cpuUsPerMessage: cpu }]);
  printTable('Capacity: writer and disk per sample', storage);
  printTable('Capacity: devices at one sample per 5 s', model);
  process.exit(0);
}
