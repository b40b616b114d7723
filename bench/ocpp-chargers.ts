/**
 * OCPP chargers on one server node (issue 22 item 8), on PostgreSQL when DATABASE_URL is set, else PGlite
 * (whose WebAssembly Postgres is in the node's rss). The chargers are ocpp-rpc RPCClients in a child
 * process (ocpp-chargers-client.ts), so their memory is not the server's.
 * (a) Idle chargers: a node as production runs it (the built server, serve's flags; serve-child.ts); N
 *     chargers connect (BootNotification each), then hold for one heartbeat interval sending Heartbeats;
 *     the node's rss and V8 heap (after a full collection) before and after, per connection, connect time.
 * (b) MeterValues through to storage: the app in this process; chargers each sending MeterValues one after
 *     the other; telemetry rows stored per second.
 *
 * Run alone: `node --import tsx bench/ocpp-chargers.ts`. Knobs: OCPP_BENCH_CHARGERS (comma-separated
 * counts, default 2000,10000), OCPP_BENCH_HOLD_S (idle hold, default 30 = one heartbeat interval),
 * OCPP_BENCH_METER_CHARGERS (default 100), OCPP_BENCH_METER_S (default 20). Each charger needs a file
 * descriptor in the server and one in the client: `ulimit -n` must exceed the largest count (20,000 on the
 * reference box; raise it in the shell that runs the bench).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../apps/server/src/config';
import { type DbHandle, openDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { buildApp } from '../apps/server/src/http/app';
import { hashDeviceSecret } from '../apps/server/src/ingest/device-secret';
import { freePort } from '../apps/server/src/ingest/test-mosquitto';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { createAuthService } from '../apps/server/src/modules/auth/service';
import { buildStation, buildUser } from '../apps/server/src/test/factories';
import { openBenchDb, startChild } from './harness';
import type { OcppLoadDone, OcppLoadJob, OcppLoadReady } from './ocpp-chargers-client';
import { nodeEnv, nodeStore, startServeChild } from './serve-child';
import { printTable, type Row } from './table';

const MB = 1024 * 1024;
const HEARTBEAT_S = 30;
/** Handshakes in flight at once (a charger fleet reconnecting after an outage comes in a wave too). */
const CONCURRENCY = 200;

const counts = (process.env.OCPP_BENCH_CHARGERS ?? '2000,10000').split(',').map(Number);
const holdS = Number(process.env.OCPP_BENCH_HOLD_S ?? HEARTBEAT_S);
const meterChargers = Number(process.env.OCPP_BENCH_METER_CHARGERS ?? 100);
const meterS = Number(process.env.OCPP_BENCH_METER_S ?? 20);

/** Commissions `n` chargers BENCH-CP-1..n on one new charging site of a new owner, all with `key`. */
async function commission(db: DbHandle, n: number, key: string): Promise<void> {
  const owner = await buildUser(db);
  const station = await buildStation(db, { ownerId: owner.id, systemType: 2, templateCode: 'charging' });
  await db.query(
    `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash, protocol)
     SELECT $1, 'CP ' || g, 'BENCH-CP-' || g, 'charger', $2, 'ocpp' FROM generate_series(1, $3::int) g`,
    [station.id, hashDeviceSecret(key), n],
  );
}

/**
 * A server node as production runs it (bench/serve-child.ts: the built bundle, serve's flags, simulator
 * off) holding `n` commissioned chargers: on a fresh PostgreSQL database when DATABASE_URL is set, else
 * on PGlite in a temporary directory (commissioned before the node starts: PGlite has one process).
 */
async function startNode(n: number, key: string) {
  const store = await nodeStore(process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', 'ocpp');
  const db = await openDb(store.databaseUrl ? { url: store.databaseUrl } : { dataDir: store.dataDir });
  await migrate(db);
  await commission(db, n, key);
  await db.close();
  const port = await freePort();
  const server = await startServeChild(
    nodeEnv(store, port, { SIMULATOR: 'off', OCPP_HEARTBEAT_S: String(HEARTBEAT_S) }),
  );
  return {
    url: `ws://127.0.0.1:${port}/ocpp`,
    server,
    close: async () => {
      await server.stop();
      await store.drop();
    },
  };
}

/** The app in this process with `n` chargers commissioned (for counting the rows it writes). */
async function startServer(n: number, key: string) {
  const bench = await openBenchDb(process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', 'ocpp');
  const config = loadConfig({
    SIMULATOR: 'off',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'Bench@Admin2024',
    OCPP_HEARTBEAT_S: String(HEARTBEAT_S),
  });
  const auth = createAuthService({ db: bench.db, config });
  const queue = createJobQueue(bench.db);
  const app = await buildApp(
    { config, db: bench.db, authenticate: auth.authenticate, queue },
    { logger: false },
  );
  await commission(bench.db, n, key);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ocpp`;
  return {
    db: bench.db,
    url,
    close: async () => {
      await app.close();
      await bench.close();
    },
  };
}

const mb = (v: number) => Math.round((v / MB) * 10) / 10;

/** (a) `n` idle chargers held for `holdS` seconds. */
async function idleCase(n: number): Promise<Row> {
  const key = randomBytes(20).toString('hex');
  const node = await startNode(n, key);
  const before = await node.server.mem(true);
  const job: OcppLoadJob = {
    mode: 'idle',
    url: node.url,
    key,
    count: n,
    concurrency: CONCURRENCY,
    seconds: 0,
  };
  const child = startChild<OcppLoadJob, OcppLoadReady>('ocpp-chargers-client.ts', job);
  const ready = await child.first;
  const connected = await node.server.mem(true);
  await new Promise((r) => setTimeout(r, holdS * 1000));
  const held = await node.server.mem(true);
  const done = await child.finish<OcppLoadDone>({ stop: true });
  await node.close();
  return {
    chargers: n,
    connected: ready.connected,
    failed: ready.failed,
    'connect+boot s': Math.round(ready.connectMs / 100) / 10,
    'connects/s': Math.round((ready.connected / ready.connectMs) * 1000),
    'rss before MB': mb(before.rss),
    'rss after MB': mb(held.rss),
    'heap before MB': mb(before.heapUsed),
    'heap after MB': mb(held.heapUsed),
    'rss KB/conn': Math.round(((held.rss - before.rss) / 1024 / ready.connected) * 10) / 10,
    'heap KB/conn': Math.round(((held.heapUsed - before.heapUsed) / 1024 / ready.connected) * 10) / 10,
    'rss at connect MB': mb(connected.rss),
    'heartbeats/s': Math.round(done.heartbeats / holdS),
    'heartbeat ms': Math.round(done.heartbeatMeanMs * 10) / 10,
    'heartbeat errors': done.heartbeatErrors,
  };
}

async function telemetryRows(db: DbHandle): Promise<number> {
  const res = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry');
  return Number(res.rows[0]?.n ?? 0);
}

/** (b) MeterValues from `meterChargers` chargers for `meterS` seconds → telemetry rows per second. */
async function meterCase(): Promise<Row> {
  const key = randomBytes(20).toString('hex');
  const server = await startServer(meterChargers, key);
  const job: OcppLoadJob = {
    mode: 'meter',
    url: server.url,
    key,
    count: meterChargers,
    concurrency: CONCURRENCY,
    seconds: meterS,
  };
  const child = startChild<OcppLoadJob, OcppLoadReady>('ocpp-chargers-client.ts', job);
  const ready = await child.first;
  await child.finish<OcppLoadDone>({ stop: true });
  const rows = await telemetryRows(server.db);
  await server.close();
  return {
    chargers: meterChargers,
    seconds: meterS,
    'MeterValues answered': ready.meterCalls ?? 0,
    errors: ready.meterErrors ?? 0,
    'telemetry rows': rows,
    'rows/s': Math.round(rows / meterS),
  };
}

/** Both cases; rows for printTable. */
export async function runOcppChargersBench(): Promise<{ idle: Row[]; meter: Row[] }> {
  const idle: Row[] = [];
  for (const n of counts) idle.push(await idleCase(n));
  return { idle, meter: [await meterCase()] };
}

/** Prints both tables. */
export function printOcppChargersBench(r: { idle: Row[]; meter: Row[] }): void {
  printTable(`OCPP: idle chargers on one node, ${holdS} s of heartbeats (issue 22 §8)`, r.idle);
  printTable('OCPP: MeterValues through to telemetry rows (issue 22 §8)', r.meter);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printOcppChargersBench(await runOcppChargersBench());
  process.exit(0);
}
