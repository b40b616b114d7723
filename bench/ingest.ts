/**
 * Ingest throughput (issue 2 §9; targets ≥ 20,000 points/s on PostgreSQL and ≥ 10,000 on PGlite on
 * 2 cores). Points = numeric values stored (10 per inverter sample here). Cases, each bounded to 30 s:
 * - writeSamples alone: 5,000-row batches straight into the writer; `writer400`: 400-row batches, the shape of
 *   the 1-sample case's writes (its "rows per write"), so that case's database share is seen apart;
 * - the real path: data loggers in a child process (each device connected as itself, QoS 1, 8 messages
 *   in flight unless INGEST_BENCH_WINDOW says otherwise; bench/raw-device.ts) → embedded aedes broker →
 *   ingest (schema check, mapping, batching) → database, with one sample per message (live traffic) and
 *   100 samples per message (a logger replaying its buffer). The rollup job runs beside it every 5 s, as
 *   in the server ("rollups on");
 * - the first of those with push on (bench/ingest-push.ts): the alarm-push and mail sender jobs and the
 *   delivery workers beside it, the site's owner with an e-mail alarm rule, and the loggers raising
 *   1,000 alarms a minute among their samples.
 * PGlite runs in a temporary directory; PostgreSQL cases run when DATABASE_URL is set.
 *
 * Run alone: `node --import tsx bench/ingest.ts`. Knobs: INGEST_BENCH_SECONDS (publishing time per
 * MQTT case, default 10); INGEST_BENCH_DB (`PGlite` or `PostgreSQL`: that database only);
 * INGEST_BENCH_CASES (comma list of `writer`, `writer400`, `mqtt1`, `mqtt1alarms`, `mqtt1push`, `mqtt100`,
 * run in that order, repeats allowed; default all once), e.g. to profile one case or to run
 * two in turn (ABBA) with `node --cpu-prof`; INGEST_BENCH_WINDOW (unacknowledged messages per device,
 * default 8); INGEST_BENCH_DEVICES (devices of the MQTT cases and of `writer400`, default 100). With a
 * `writer` case among them, each MQTT row says its samples/s as a share of the writer's mean (issue 36:
 * ≥ 80 %); with `writer400` (the writer fed batches of the 1-sample ingest's shape), as a share of that.
 */
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { type Config, loadConfig } from '../apps/server/src/config';
import type { DbHandle } from '../apps/server/src/db/client';
import { startEmbeddedBroker } from '../apps/server/src/ingest/broker';
import { startIngest } from '../apps/server/src/ingest/ingest';
import { createTestDevice, createTestStation, type TestDevice } from '../apps/server/src/ingest/test-ingest';
import { type TelemetryRow, writeSamples } from '../apps/server/src/ingest/writer';
import { rollupJob } from '../apps/server/src/modules/telemetry/rollup-refresh';
import { BENCH_DEVICE_RATE, type BenchDbKind, openBenchDb, runChild, startBenchJobs } from './harness';
import type { PublisherJob, PublisherResult } from './ingest-publisher';
import { alarmsOnly, pushOn } from './ingest-push';
import { postgresCpuUs, threadsCpuUs } from './proc-cpu';
import { withServeFlags } from './serve-flags';
import { quantile, wallMs } from './stats';
import { printTable, type Row } from './table';

type Kind = BenchDbKind;

const POINTS_PER_SAMPLE = 10;
const DEVICES = 100;
/**
 * Devices the MQTT throughput cases play (INGEST_BENCH_DEVICES, default DEVICES). A fleet's loggers each
 * send every few seconds, so its writes hold about one row per device: `INGEST_BENCH_DEVICES=2000
 * INGEST_BENCH_WINDOW=1` is that shape, where each device's part of a write counts most.
 */
const MQTT_DEVICES = Number(process.env.INGEST_BENCH_DEVICES ?? DEVICES);
const CASE_LIMIT_MS = 30_000;
const TARGET: Record<Kind, number> = { PGlite: 10_000, PostgreSQL: 20_000 };
const log = pino({ level: 'silent' });

async function makeDevices(db: DbHandle, count = DEVICES): Promise<TestDevice[]> {
  const station = await createTestStation(db);
  const out: TestDevice[] = [];
  for (let i = 0; i < count; i++) out.push(await createTestDevice(db, 'inverter', station));
  return out;
}

function row(kind: Kind, path: string, samples: number, ms: number): Row {
  const points = Math.round((samples * POINTS_PER_SAMPLE) / (ms / 1000));
  return {
    path,
    database: kind,
    samples,
    seconds: Math.round(ms / 100) / 10,
    'samples/s': Math.round(samples / (ms / 1000)),
    'points/s': points,
    target: `≥ ${TARGET[kind]}`,
    met: points >= TARGET[kind] ? 'yes' : 'no',
  };
}

/** The writer case's row label; the MQTT rows are measured against it (againstWriter). */
const WRITER_PATH = 'writeSamples alone (5,000-row batches)';
/**
 * The `writer400` case's label: the writer fed batches of the 1-sample ingest's shape (≈ 400 rows a write,
 * the MQTT case's devices, 4 rows each of 100), the database's share of that case without the broker.
 */
const WRITER_SHAPE_PATH = "writeSamples alone (400-row batches, the 1-sample ingest's)";
const WRITER_PATHS: readonly string[] = [WRITER_PATH, WRITER_SHAPE_PATH];

/**
 * Writes `batchRows`-row batches of `deviceCount` devices' samples for 10 s (400,000 rows at most); the row
 * is labelled `path`.
 */
async function writerCase(kind: Kind, path: string, batchRows: number, deviceCount: number): Promise<Row> {
  const { db, close } = await openBenchDb(kind, 'ingest');
  try {
    const devices = await makeDevices(db, deviceCount);
    const start = Date.UTC(2026, 0, 1);
    const points = {
      W: 2500,
      WH: 1e6,
      DCW: 2560,
      DCV: 380.5,
      DCA: 6.7,
      PhVphA: 230.1,
      A: 10.9,
      Hz: 50,
      TmpCab: 40,
      St: 4,
    };
    let stored = 0;
    let k = 0;
    const began = performance.now();
    while (performance.now() - began < 10_000 && stored < 400_000) {
      const batch: TelemetryRow[] = [];
      for (let i = 0; i < batchRows; i++, k++) {
        const d = devices[k % deviceCount]!;
        const ts = new Date(start + Math.floor(k / deviceCount) * 1000);
        batch.push({ deviceId: d.id, ts, w: 2500, soc: null, eIn: 1e6 + k, eOut: null, points });
      }
      stored += (await writeSamples(db, batch)).inserted;
    }
    return row(kind, path, stored, performance.now() - began);
  } finally {
    await close();
  }
}

/** What a variant of the MQTT case runs beside the ingest instead of the rollup job alone (ingest-push.ts). */
export interface MqttVariant {
  /** Appended to the row's path. */
  label: string;
  /** Starts its jobs on the case's database once the devices (all on one site) exist. */
  start(
    deps: { db: DbHandle; config: Config; log: FastifyBaseLogger },
    devices: TestDevice[],
  ): Promise<MqttVariantRun>;
}

/** A started variant. */
export interface MqttVariantRun {
  /** What the publisher does besides the samples. */
  job: Pick<PublisherJob, 'alarms'>;
  /** Its columns of the row, called as the case ends (it may wait a while for late results). */
  finish(published: PublisherResult): Promise<Row>;
  stop(): Promise<void>;
}

/** "MainThread 19 · V8Worker 4 · …": each thread's CPU between two readings per message, µs (≥ 0.5). */
function byThread(before: Map<string, number>, after: Map<string, number>, messages: number): string {
  return [...after]
    .map(([name, us]) => [name, (us - (before.get(name) ?? 0)) / messages] as const)
    .filter(([, us]) => us >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => `${name} ${Math.round(us)}`)
    .join(' · ');
}

async function mqttCase(
  kind: Kind,
  samplesPerMessage: number,
  seconds: number,
  variant?: MqttVariant,
): Promise<Row> {
  const { db, close } = await openBenchDb(kind, 'ingest');
  const config = loadConfig({ MQTT_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
  const broker = await startEmbeddedBroker({ db, config, log, holdForIngest: true });
  const ingest = await startIngest({ db, log, broker, deviceRate: BENCH_DEVICE_RATE });
  let jobs: { stop(): Promise<void> } | null = null;
  try {
    const devices = await makeDevices(db, MQTT_DEVICES);
    const extra = variant ? await variant.start({ db, config, log }, devices) : null;
    jobs = extra ?? (await startBenchJobs({ db, config, log }, [rollupJob]));
    const job: PublisherJob = {
      ...extra?.job,
      url: broker.url,
      devices: devices.map((d) => ({ sn: d.sn, secret: d.secret })),
      samplesPerMessage,
      seconds,
      maxSamples: kind === 'PGlite' ? 400_000 : 1_000_000,
      startTs: Date.UTC(2026, 0, 1),
    };
    let firstAt = 0;
    let cpuAt = process.cpuUsage();
    // PostgreSQL's processes from the publisher's start (a few ms before the first message): what the
    // case's statements cost the database's side of the machine; 0 on PGlite (in this process).
    const pgCpu0 = await postgresCpuUs(db);
    let threadsAt = threadsCpuUs();
    const watch = setInterval(() => {
      if (firstAt || ingest.stats().received === 0) return;
      firstAt = performance.now();
      cpuAt = process.cpuUsage();
      threadsAt = threadsCpuUs();
    }, 5);
    const published = await runChild<PublisherJob, PublisherResult>('ingest-publisher.ts', job);
    const deadline = (firstAt || performance.now()) + CASE_LIMIT_MS;
    const done = () => ingest.stats().stored + ingest.stats().duplicates >= published.samples;
    while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    clearInterval(watch);
    const end = performance.now();
    const cpu = process.cpuUsage(cpuAt);
    const threads = threadsCpuUs();
    const pgCpu = (await postgresCpuUs(db)) - pgCpu0;
    const label = samplesPerMessage === 1 ? '1 sample/message' : `${samplesPerMessage} samples/message`;
    const stats = ingest.stats();
    // Telemetry messages only: the variant's alarm messages (about 17 a second) are not counted.
    const messages = stats.messages;
    const perSecond = Math.round(messages / ((end - firstAt) / 1000));
    const path = `MQTT → broker → ingest → DB, ${label}${variant ? `, ${variant.label}` : ''}`;
    return {
      ...row(kind, path, stats.stored, end - firstAt),
      'messages/s': perSecond,
      // Issue 12 §4: at least 20,000 messages/s on PostgreSQL at one sample per message, rollups on.
      'issue 12: ≥ 20,000 msg/s':
        kind === 'PostgreSQL' && samplesPerMessage === 1 ? (perSecond >= 20_000 ? 'yes' : 'no') : '–',
      // CPU of this process (broker + ingest + writer's Node side) per message: steadier than msg/s
      // on a shared machine, since it does not count time spent waiting for a core.
      'server CPU µs/msg': messages ? Math.round((cpu.user + cpu.system) / messages) : '–',
      // The server CPU's split by thread (the main thread limits the ingest; workers run beside it).
      'server CPU by thread, µs/msg': messages ? byThread(threadsAt, threads, messages) : '–',
      'PostgreSQL CPU µs/msg': kind === 'PostgreSQL' && messages ? Math.round(pgCpu / messages) : '–',
      // How many rows a write gathered: the database's cost per row falls as it grows (a write's fixed part
      // and each device's part are shared by more rows; docs/benchmarks.md "eighteenth pass").
      'rows per write': stats.batches ? Math.round(stats.stored / stats.batches) : '–',
      'publisher CPU µs/msg': published.samples
        ? Math.round((published.cpuMs * 1000 * samplesPerMessage) / published.samples)
        : '–',
      ...(await extra?.finish(published)),
    };
  } finally {
    await jobs?.stop();
    await ingest.stop();
    await broker.stop();
    await close();
  }
}

/** Load of the latency case, samples/s (1 per message): about half of each database's MQTT throughput. */
const LATENCY_RATE: Record<Kind, number> = {
  PGlite: Number(process.env.INGEST_LATENCY_RATE_PGLITE ?? 2_000),
  PostgreSQL: Number(process.env.INGEST_LATENCY_RATE_PG ?? 10_000),
};

/**
 * Publish → queryable (issue 12 §4, target p99 < 1 s): while paced load runs at LATENCY_RATE, a probe
 * device publishes a sample every 50 ms; this process polls the telemetry table for the probe's new
 * rows every 5 ms (an index lookup, as the API's reads) and times each from its publish (wall clock
 * across the two processes) to the poll that first returned it. `externalUrl`: through that broker
 * (Mosquitto) instead of the embedded one.
 */
async function latencyCase(kind: Kind, seconds: number, externalUrl?: string): Promise<Row> {
  const { db, close } = await openBenchDb(kind, 'ingest');
  const config = loadConfig({ MQTT_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
  const broker = externalUrl ? null : await startEmbeddedBroker({ db, config, log, holdForIngest: true });
  const ingest = broker
    ? await startIngest({ db, log, broker, deviceRate: BENCH_DEVICE_RATE })
    : await startIngest({
        db,
        log,
        mqttUrl: externalUrl!,
        clientId: `ems-bench-${process.pid}`,
        persistentSession: false,
        deviceRate: BENCH_DEVICE_RATE,
      });
  const rollups = await startBenchJobs({ db, config, log }, [rollupJob]);
  const seen = new Map<number, number>();
  let polling = true;
  try {
    const devices = await makeDevices(db);
    const probe = await createTestDevice(db, 'inverter', devices[0]!.stationId);
    const startTs = Date.UTC(2026, 0, 1);
    const poller = (async () => {
      let last = new Date(0);
      while (polling) {
        const res = await db.query<{ ts: Date }>(
          'SELECT ts FROM telemetry WHERE device_id = $1 AND ts > $2 ORDER BY ts',
          [probe.id, last],
        );
        const at = wallMs();
        for (const r of res.rows) {
          const ts = new Date(r.ts);
          if (!seen.has(ts.getTime())) seen.set(ts.getTime(), at);
          last = ts;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const job: PublisherJob = {
      url: externalUrl ?? broker!.url,
      devices: devices.map((d) => ({ sn: d.sn, secret: d.secret })),
      samplesPerMessage: 1,
      seconds,
      maxSamples: LATENCY_RATE[kind] * seconds,
      startTs,
      rate: LATENCY_RATE[kind],
      probe: { sn: probe.sn, secret: probe.secret, everyMs: 50 },
    };
    const published = await runChild<PublisherJob, PublisherResult>('ingest-publisher.ts', job);
    const deadline = performance.now() + CASE_LIMIT_MS;
    while (seen.size < published.probes.length && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    polling = false;
    await poller;
    const lat = published.probes
      .map((p) => (seen.get(p.ts) ?? Number.POSITIVE_INFINITY) - p.at)
      .sort((a, b) => a - b);
    const ms = (v: number) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : 'lost');
    const p99 = quantile(lat, 0.99);
    return {
      path: `publish → queryable, ${externalUrl ? 'Mosquitto' : 'embedded broker'}`,
      database: kind,
      'load samples/s': Math.round(published.samples / (published.ms / 1000)),
      probes: lat.length,
      'p50 ms': ms(quantile(lat, 0.5)),
      'p99 ms': ms(p99),
      'max ms': ms(lat[lat.length - 1] ?? Number.NaN),
      target: 'p99 < 1000',
      met: p99 < 1000 ? 'yes' : 'no',
    };
  } finally {
    polling = false;
    await rollups.stop();
    await ingest.stop();
    await broker?.stop();
    await close();
  }
}

/**
 * Publish → queryable on each database, and through the external broker at MQTT_URL too (PostgreSQL,
 * the production shape) when that is set.
 */
export async function runIngestLatencyBench(): Promise<Row[]> {
  const seconds = Number(process.env.INGEST_BENCH_SECONDS ?? 10);
  const rows = [await latencyCase('PGlite', seconds)];
  if (process.env.DATABASE_URL) {
    rows.push(await latencyCase('PostgreSQL', seconds));
    if (process.env.MQTT_URL) rows.push(await latencyCase('PostgreSQL', seconds, process.env.MQTT_URL));
  }
  return rows;
}

/** Every case on PGlite, then on PostgreSQL when DATABASE_URL is set; one row per case. */
export async function runIngestBench(): Promise<Row[]> {
  const seconds = Number(process.env.INGEST_BENCH_SECONDS ?? 10);
  const only = process.env.INGEST_BENCH_DB;
  const kinds = (
    process.env.DATABASE_URL ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)
  ).filter((k) => !only || k === only);
  // In the order given, repeats allowed. ABBA (`mqtt1,mqtt1push,mqtt1push,mqtt1`) cancels a steady drift
  // over the process, but not the first case's own warm-up: in rounds of six plain cases the first ran
  // about 5 % below the round's mean and the five after it within 3 % of it, on both databases
  // (docs/benchmarks.md, "Issue 36 §2, eighth pass"). So lead a comparison with one case left uncounted.
  const cases = (
    process.env.INGEST_BENCH_CASES ?? 'writer,writer400,mqtt1,mqtt1alarms,mqtt1push,mqtt100'
  ).split(',');
  const run: Record<string, (kind: Kind) => Promise<Row>> = {
    writer: (kind) => writerCase(kind, WRITER_PATH, 5000, DEVICES),
    writer400: (kind) => writerCase(kind, WRITER_SHAPE_PATH, 400, MQTT_DEVICES),
    mqtt1: (kind) => mqttCase(kind, 1, seconds),
    mqtt1alarms: (kind) => mqttCase(kind, 1, seconds, alarmsOnly),
    mqtt1push: (kind) => mqttCase(kind, 1, seconds, pushOn),
    mqtt100: (kind) => mqttCase(kind, 100, seconds),
  };
  const unknown = cases.filter((c) => !run[c]);
  if (unknown.length > 0) throw new Error(`INGEST_BENCH_CASES: no case ${unknown.join(', ')}`);
  const rows: Row[] = [];
  for (const kind of kinds) {
    const ofKind: Row[] = [];
    for (const c of cases) ofKind.push(await run[c]!(kind));
    rows.push(...againstWriter(ofKind));
  }
  return rows;
}

/**
 * Issue 36's measure: each MQTT row's samples per second as a share of the mean of the same process's
 * writer rows on that database ('of the writer'), and of its `writer400` rows ('of the writer, same
 * batches'); a column is left out when its case did not run.
 */
function againstWriter(rows: Row[]): Row[] {
  const columns = [
    [WRITER_PATH, 'of the writer'],
    [WRITER_SHAPE_PATH, 'of the writer, same batches'],
  ] as const;
  let out = rows;
  for (const [path, column] of columns) {
    const writer = rows.filter((r) => r.path === path);
    if (writer.length === 0) continue;
    const mean = writer.reduce((sum, r) => sum + Number(r['samples/s']), 0) / writer.length;
    out = out.map((r) =>
      WRITER_PATHS.includes(r.path as string)
        ? { ...r, [column]: '–' }
        : { ...r, [column]: `${Math.round((100 * Number(r['samples/s'])) / mean)} %` },
    );
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  withServeFlags('ingest');
  if (process.env.INGEST_BENCH_ONLY !== 'latency') {
    printTable('Ingest: points stored per second', await runIngestBench());
  }
  if (process.env.INGEST_BENCH_ONLY !== 'throughput') {
    printTable('Ingest: publish → queryable', await runIngestLatencyBench());
  }
  process.exit(0);
}
