/**
 * The SunSpec gateway (issue 32, "Parts: Benchmark"), run as production runs it: the one-file build
 * (esbuild, as `npm --workspace apps/gateway run build`) in its own Node process, against SunSpec device
 * servers on loopback Modbus TCP and the platform (embedded broker + ingest, PGlite, or PostgreSQL when
 * DATABASE_URL is set) in this process.
 * (a) Polling: one gateway reads 100 devices (10 addresses × 10 unit ids: inverters, meters, batteries)
 *     every 5 s for GW_BENCH_POLL_S (default 60) after a warm-up; its CPU (% of one core, from
 *     /proc/PID/stat) and RSS (/proc/PID/status; the peak of one-second samples). Goal ≤ 5 % and ≤ 80 MB.
 * (b) Replay: the gateway starts with a day's buffer of those 100 devices on disk (17,280 samples each at
 *     5 s, GW_BENCH_REPLAY_SAMPLES to change) and the platform up; time until every sample is stored, the
 *     platform's ingest rate meanwhile, and the gateway's CPU and peak RSS while it drains.
 *
 * Run alone: `node --import tsx bench/gateway.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pino from 'pino';
import type { BufferedRecord } from '../apps/gateway/src/buffer';
import { simInverter, simMeter, simStorage } from '../apps/gateway/src/sim/devices';
import { type SunSpecServer, startSunSpecServer } from '../apps/gateway/src/sim/sunspec-server';
import { loadConfig } from '../apps/server/src/config';
import type { DbHandle } from '../apps/server/src/db/client';
import { hashDeviceSecret } from '../apps/server/src/ingest/device-secret';
import { startTestIngest, type TestIngest } from '../apps/server/src/ingest/test-ingest';
import { buildStation, buildUser } from '../apps/server/src/test/factories';
import { openBenchDb } from './harness';
import { processCpuUs } from './proc-cpu';
import { printTable, type Row } from './table';

const ADDRESSES = 10;
const UNITS = 10;
const POLL_S = 5;
const pollS = Number(process.env.GW_BENCH_POLL_S ?? 60);
const replaySamples = Number(process.env.GW_BENCH_REPLAY_SAMPLES ?? 17_280);
/**
 * How the gateway's Node runs (docs/gateway.md, systemd): a 1-MB young generation and two malloc arenas,
 * as a small box should run it; GW_BENCH_NODE_ARGS='' measures Node's defaults.
 */
const NODE_ARGS = (process.env.GW_BENCH_NODE_ARGS ?? '--max-semi-space-size=1 --lite-mode')
  .split(' ')
  .filter(Boolean);
const GATEWAY_ENV = { MALLOC_ARENA_MAX: process.env.GW_BENCH_MALLOC_ARENA_MAX ?? '2' };
const MB = 1024 * 1024;

/** Builds the gateway to one file, as its workspace's build script does; the file's path. */
async function buildGateway(dir: string): Promise<string> {
  const out = join(dir, 'ems-gateway.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, '../apps/gateway/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    logLevel: 'warning',
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
  });
  return out;
}

/** 100 simulated devices on 10 loopback addresses; their serial numbers. */
async function startDevices(): Promise<{ servers: SunSpecServer[]; sns: string[] }> {
  const servers: SunSpecServer[] = [];
  const sns: string[] = [];
  for (let a = 0; a < ADDRESSES; a++) {
    const devs = Array.from({ length: UNITS }, (_, i) => {
      const sn = `BGW-${a}-${i + 1}`;
      sns.push(sn);
      return [simInverter, simMeter, simStorage][i % 3]!(i + 1, sn);
    });
    servers.push(await startSunSpecServer(devs));
  }
  return { servers, sns };
}

/** A gateway on a new site holding `sns` (put there directly: 100 devices are past one site's bus limit). */
async function commission(db: DbHandle, sns: string[]): Promise<{ sn: string; secret: string }> {
  const owner = await buildUser(db);
  const station = await buildStation(db, { ownerId: owner.id, systemType: 6, templateCode: 'storage' });
  const gw = { sn: `BGW-GW-${Date.now()}`, secret: 'bench-gateway-secret-0123456789' };
  await db.query(
    `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash)
     VALUES ($1, 'Gateway', $2, 'gateway', $3)`,
    [station.id, gw.sn, hashDeviceSecret(gw.secret)],
  );
  await db.query(
    `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash)
     SELECT $1, sn, sn, CASE WHEN sn ~ '-(1|4|7|10)$' THEN 'inverter' WHEN sn ~ '-(2|5|8)$' THEN 'meter'
       ELSE 'battery' END, $2 FROM unnest($3::text[]) sn`,
    [station.id, hashDeviceSecret('unused'), sns],
  );
  return gw;
}

/** CPU seconds (user + system) and RSS (bytes) of process `pid`. */
function usage(pid: number): { cpuS: number; rss: number } {
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuS: processCpuUs(pid) / 1e6, rss: rssKb * 1024 };
}

/** Samples `pid`'s RSS every second until stopped; the peak. */
function watchRss(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, usage(pid).rss);
    } catch {
      // exited
    }
  }, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

function startGatewayProcess(
  file: string,
  mqttUrl: string,
  gw: { sn: string; secret: string },
  urls: string[],
  bufferDir: string,
): ChildProcess {
  const units = Array.from({ length: UNITS }, (_, i) => ['--unit-id', String(i + 1)]).flat();
  return spawn(
    process.execPath,
    [
      ...NODE_ARGS,
      file,
      ...['--mqtt', mqttUrl, '--serial-number', gw.sn, '--secret', gw.secret],
      ...urls.flatMap((u) => ['--modbus', u]),
      ...units,
      ...['--poll-seconds', String(POLL_S), '--buffer-dir', bufferDir, '--max-buffered', '5000000'],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...GATEWAY_ENV } },
  );
}

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};

async function storedSamples(db: DbHandle, like: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM telemetry t JOIN devices d ON d.id = t.device_id
      WHERE d.serial_number LIKE $1`,
    [like],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** Writes a day's buffer of `sns` (their last points from `latest`), in poll order, as the gateway would. */
function writeDayBuffer(
  dir: string,
  latest: Map<string, Record<string, number>>,
  sns: string[],
  t0: number,
): number {
  let seg = 0;
  let inSeg = 0;
  let fd = openSync(join(dir, `seg-${String(seg).padStart(12, '0')}.jsonl`), 'w');
  let n = 0;
  for (let k = 0; k < replaySamples; k++) {
    const ts = t0 + k * POLL_S * 1000;
    const lines: string[] = [];
    for (const sn of sns) {
      const rec: BufferedRecord = { kind: 'sample', sn, ts, points: latest.get(sn) ?? { W: 0 } };
      lines.push(`${JSON.stringify(rec)}\n`);
    }
    writeSync(fd, lines.join(''));
    n += lines.length;
    inSeg += lines.length;
    if (inSeg >= 1000) {
      closeSync(fd);
      seg++;
      inSeg = 0;
      fd = openSync(join(dir, `seg-${String(seg).padStart(12, '0')}.jsonl`), 'w');
    }
  }
  closeSync(fd);
  return n;
}

/** Both cases; the rows of each table. */
export async function runGatewayBench(): Promise<{ polling: Row[]; replay: Row[] }> {
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const work = mkdtempSync(join(tmpdir(), 'ems-bench-gateway-'));
  const bench = await openBenchDb(kind, 'gateway');
  const config = loadConfig({ SIMULATOR: 'off', LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench@Admin2024' });
  let ing: TestIngest | undefined;
  const { servers, sns } = await startDevices();
  try {
    ing = await startTestIngest({ db: bench.db, config, log: pino({ level: 'silent' }), mqttUrl: null });
    const file = await buildGateway(work);
    const urls = servers.map((s) => s.url);

    // (a) Polling.
    const gw = await commission(bench.db, sns);
    const child = startGatewayProcess(file, ing.mqttUrl, gw, urls, join(work, 'buf-a'));
    await ing.waitFor(async () => (await storedSamples(bench.db, 'BGW-%')) >= sns.length, 120_000);
    // Warm-up: discovery done, first messages sent, the JIT settled.
    await new Promise((r) => setTimeout(r, 10_000));
    const before = usage(child.pid!);
    const rss = watchRss(child.pid!);
    const storedBefore = await storedSamples(bench.db, 'BGW-%');
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, pollS * 1000));
    const after = usage(child.pid!);
    const wall = (Date.now() - t0) / 1000;
    const stored = (await storedSamples(bench.db, 'BGW-%')) - storedBefore;
    const peak = rss.stop();
    await stopChild(child);
    const cpuPct = ((after.cpuS - before.cpuS) / wall) * 100;
    const polling: Row[] = [
      {
        case: `100 devices (${ADDRESSES} addresses × ${UNITS} units), every ${POLL_S} s`,
        node: NODE_ARGS.join(' ') || 'defaults',
        database: kind,
        seconds: Math.round(wall),
        'samples stored': stored,
        'CPU % of one core': Math.round(cpuPct * 100) / 100,
        'goal CPU': '≤ 5 %',
        'RSS MB (end)': Math.round((after.rss / MB) * 10) / 10,
        'RSS MB (peak)': Math.round((peak / MB) * 10) / 10,
        'goal RSS': '≤ 80 MB',
        met: cpuPct <= 5 && peak <= 80 * MB ? 'yes' : 'no',
      },
    ];

    // (b) Replay of a day's buffer, stamped the day before now, of the same devices with their last points.
    const latest = new Map<string, Record<string, number>>();
    const rows = await bench.db.query<{ serial_number: string; points: Record<string, number> }>(
      `SELECT d.serial_number, l.points FROM device_latest l JOIN devices d ON d.id = l.device_id
        WHERE d.serial_number LIKE 'BGW-%'`,
    );
    for (const r of rows.rows) latest.set(r.serial_number, r.points);
    const gw2 = await commission(
      bench.db,
      sns.map((s) => s.replace('BGW-', 'BGR-')),
    );
    const replaySns = sns.map((s) => s.replace('BGW-', 'BGR-'));
    // The devices behind the addresses must be the replayed ones: the gateway sends only what it finds.
    for (const s of servers) await s.close();
    servers.length = 0;
    for (let a = 0; a < ADDRESSES; a++) {
      const devs = Array.from({ length: UNITS }, (_, i) =>
        [simInverter, simMeter, simStorage][i % 3]!(i + 1, `BGR-${a}-${i + 1}`),
      );
      servers.push(await startSunSpecServer(devs, Number(new URL(urls[a]!).port)));
    }
    const bufDir = join(work, 'buf-b');
    rmSync(bufDir, { recursive: true, force: true });
    mkdirSync(bufDir, { recursive: true });
    const dayStart = Math.floor((Date.now() - 86_400_000 - 60_000) / 5000) * 5000;
    const buffered = writeDayBuffer(
      bufDir,
      new Map([...latest].map(([sn, p]) => [sn.replace('BGW-', 'BGR-'), p])),
      replaySns,
      dayStart,
    );
    const ingestBefore = ing.ingest.stats().stored;
    const child2 = startGatewayProcess(file, ing.mqttUrl, gw2, urls, bufDir);
    const cpu0 = usage(child2.pid!).cpuS;
    const rss2 = watchRss(child2.pid!);
    const r0 = Date.now();
    await ing.waitFor(
      async () => (await storedSamples(bench.db, 'BGR-%')) >= buffered,
      Number(process.env.GW_BENCH_REPLAY_TIMEOUT_S ?? 3600) * 1000,
    );
    const drainS = (Date.now() - r0) / 1000;
    const cpu1 = usage(child2.pid!).cpuS;
    const peak2 = rss2.stop();
    const ingested = ing.ingest.stats().stored - ingestBefore;
    await stopChild(child2);
    const replay: Row[] = [
      {
        case: `day's buffer: 100 devices × ${replaySamples.toLocaleString('en-US')} samples`,
        database: kind,
        'samples buffered': buffered,
        'drain s': Math.round(drainS),
        'platform samples/s': Math.round(ingested / drainS),
        'gateway CPU % of one core': Math.round(((cpu1 - cpu0) / drainS) * 1000) / 10,
        'gateway RSS MB (peak)': Math.round((peak2 / MB) * 10) / 10,
      },
    ];
    return { polling, replay };
  } finally {
    for (const s of servers) await s.close();
    await ing?.stop();
    await bench.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { polling, replay } = await runGatewayBench();
  printTable('SunSpec gateway: one gateway polling 100 devices (issue 32)', polling);
  printTable("SunSpec gateway: replay of a day's buffer of 100 devices (issue 32)", replay);
  process.exit(0);
}
