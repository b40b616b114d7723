/**
 * Issue 31 "Tests and measures": API latency while one device floods, and one throttled device's share.
 * A node as production runs it (serve-child.ts: the built server, serve's flags, simulator off, the
 * default device rate DEVICE_RATE_*), with one owner, one OCPP charger and one MQTT device commissioned.
 * This process signs the owner in over HTTP and calls `user/info` every PROBE_MS for FLOOD_S seconds:
 * (a) with no flood; (b) while the charger (ocpp-rpc, a child process) keeps WINDOW MeterValues and
 * Heartbeat calls outstanding, each answer followed at once by the next; (c) while the MQTT device (raw
 * MQTT, a child process) keeps WINDOW QoS 1 samples unacknowledged. (d) is (c)'s device: messages
 * acknowledged against what its configured rate allows in that time, and rows stored against acknowledged
 * (read after the node stopped: every acknowledged sample must be there, decision 0011).
 * On PGlite, and on PostgreSQL: DATABASE_URL's server, else a throwaway cluster (test-postgres.ts) when
 * PostgreSQL is installed, else a row saying why not.
 *
 * Run alone: `node --import tsx bench/device-flood.ts`. Knobs: FLOOD_S (default 30), FLOOD_PROBE_MS
 * (default 100), FLOOD_WINDOW (outstanding calls/publishes, default 64).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { DEVICE_LIMITS } from '@ems/contract/telemetry';
import { openDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { hashDeviceSecret } from '../apps/server/src/ingest/device-secret';
import { createTestDevice } from '../apps/server/src/ingest/test-ingest';
import { freePort } from '../apps/server/src/ingest/test-mosquitto';
import { startTestPostgres, type TestPostgres } from '../apps/server/src/ingest/test-postgres';
import { encryptPassword } from '../apps/server/src/modules/auth/test-login';
import { engineInstalled } from '../apps/server/src/test/engines';
import { buildStation, buildUser } from '../apps/server/src/test/factories';
import type { FloodDone, FloodJob } from './device-flood-client';
import { type BenchDbKind, startChild } from './harness';
import { nodeEnv, nodeStore, startServeChild } from './serve-child';
import { quantile } from './stats';
import { printTable, type Row } from './table';

const FLOOD_S = Number(process.env.FLOOD_S ?? 30);
const PROBE_MS = Number(process.env.FLOOD_PROBE_MS ?? 100);
const WINDOW = Number(process.env.FLOOD_WINDOW ?? 64);
/** Issue 31: a signed-in call's p95 while one device floods. */
const GOAL_P95_MS = 100;
const CHARGER = 'FLOOD-CP-1';

type Flood = 'none' | 'ocpp' | 'mqtt';
const FLOOD_NAME: Record<Flood, string> = {
  none: '(a) no flood',
  ocpp: '(b) one OCPP charger floods',
  mqtt: '(c) one MQTT device floods',
};

interface Fixture {
  owner: { loginName: string; password: string };
  key: string;
  device: { id: number; sn: string; secret: string };
  chargerId: number;
}

/** The owner, their charging site, the charger CHARGER (protocol ocpp) and an MQTT inverter. */
async function commission(url: string | null, dataDir: string): Promise<Fixture> {
  const db = await openDb(url ? { url } : { dataDir });
  try {
    await migrate(db);
    const owner = await buildUser(db);
    const station = await buildStation(db, { ownerId: owner.id, systemType: 2, templateCode: 'charging' });
    const key = randomBytes(20).toString('hex');
    const charger = await db.query<{ id: number }>(
      `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash, protocol)
       VALUES ($1, 'Flood charger', $2, 'charger', $3, 'ocpp') RETURNING id`,
      [station.id, CHARGER, hashDeviceSecret(key)],
    );
    const device = await createTestDevice(db, 'inverter', station.id);
    return { owner, key, device, chargerId: charger.rows[0]!.id };
  } finally {
    await db.close();
  }
}

/** Signs `user` in through the real HTTP routes (RSA-encrypted password, as the browser); the token. */
async function signIn(base: string, user: Fixture['owner']): Promise<string> {
  const key = (await (await fetch(`${base}/owner_api/auth/owner/publickey`)).json()) as {
    data: { publicKey: string };
  };
  const res = await fetch(`${base}/owner_api/auth/owner/gettoken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: user.loginName,
      password: encryptPassword(key.data.publicKey, user.password),
      usertype: 1,
    }),
  });
  const body = (await res.json()) as { status: number; data: { access_token?: string } | null };
  if (body.status !== 0 || !body.data?.access_token)
    throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.access_token;
}

/** `user/info` every PROBE_MS for FLOOD_S s (a late answer does not delay the next call); ms each, errors. */
async function probe(base: string, token: string): Promise<{ ms: number[]; errors: number }> {
  const ms: number[] = [];
  let errors = 0;
  const calls: Promise<void>[] = [];
  const until = Date.now() + FLOOD_S * 1000;
  while (Date.now() < until) {
    const t0 = performance.now();
    calls.push(
      fetch(`${base}/owner_api/webpvesc/ajax/user/info`, {
        headers: { token },
        signal: AbortSignal.timeout(60_000),
      }).then(
        async (res) => {
          const body = (await res.json()) as { status: number };
          if (res.ok && body.status === 0) ms.push(performance.now() - t0);
          else errors++;
        },
        () => {
          errors++;
        },
      ),
    );
    await new Promise((r) => setTimeout(r, PROBE_MS));
  }
  await Promise.all(calls);
  return { ms: ms.sort((a, b) => a - b), errors };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The three cases on one node of `kind`; rows for the latency table and (d)'s row. */
async function benchOn(kind: BenchDbKind, postgresUrl?: string): Promise<{ api: Row[]; rate: Row }> {
  const store = await nodeStore(kind, 'flood', postgresUrl);
  const fixture = await commission(store.databaseUrl, store.dataDir);
  const [port, mqttPort] = [await freePort(), await freePort()];
  const server = await startServeChild(
    nodeEnv(store, port, { SIMULATOR: 'off', MQTT_PORT: String(mqttPort), LOG_LEVEL: 'error' }),
  );
  const base = `http://127.0.0.1:${port}`;
  const api: Row[] = [];
  const floods: Partial<Record<Flood, FloodDone>> = {};
  try {
    const token = await signIn(base, fixture.owner);
    for (const flood of ['none', 'ocpp', 'mqtt'] as const) {
      const job: FloodJob = {
        mode: flood === 'ocpp' ? 'ocpp' : 'mqtt',
        url: `ws://127.0.0.1:${port}/ocpp`,
        host: '127.0.0.1',
        port: mqttPort,
        identity: flood === 'ocpp' ? CHARGER : fixture.device.sn,
        key: flood === 'ocpp' ? fixture.key : fixture.device.secret,
        window: WINDOW,
        startTs: Date.now() - 3 * 3_600_000,
      };
      const child = flood === 'none' ? null : startChild<FloodJob, object>('device-flood-client.ts', job);
      await child?.first;
      const { ms, errors } = await probe(base, token);
      const done = child ? await child.finish<FloodDone>({ stop: true }) : null;
      if (done) floods[flood] = done;
      const p95 = quantile(ms, 0.95);
      api.push({
        database: kind,
        case: FLOOD_NAME[flood],
        'device msgs/s sent': done ? Math.round(done.sent / done.seconds) : '–',
        'answered/s': done ? round1(done.answered / done.seconds) : '–',
        'refused/s': done && flood === 'ocpp' ? Math.round(done.refused / done.seconds) : '–',
        'user/info calls': ms.length,
        errors,
        'p50 ms': round1(quantile(ms, 0.5)),
        'p95 ms': round1(p95),
        'p99 ms': round1(quantile(ms, 0.99)),
        'max ms': round1(ms.at(-1) ?? Number.NaN),
        goal: `p95 ≤ ${GOAL_P95_MS} ms`,
        met: p95 <= GOAL_P95_MS ? 'yes' : 'no',
      });
    }
  } finally {
    await server.stop();
  }
  const rate = await rateRow(kind, store, fixture, floods.mqtt);
  await store.drop();
  return { api, rate };
}

/** (d): the MQTT flood's acknowledgements against its configured rate, and its rows against them. */
async function rateRow(
  kind: BenchDbKind,
  store: Awaited<ReturnType<typeof nodeStore>>,
  fixture: Fixture,
  done: FloodDone | undefined,
): Promise<Row> {
  const db = await openDb(store.databaseUrl ? { url: store.databaseUrl } : { dataDir: store.dataDir });
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM telemetry WHERE device_id = $1',
    [fixture.device.id],
  );
  await db.close();
  const stored = Number(rows.rows[0]?.n ?? 0);
  const acked = done?.answered ?? 0;
  const seconds = done?.seconds ?? 0;
  const { messagesPerSecond: perS, burstMessages: burst } = DEVICE_LIMITS;
  // The bursty limiter: perS a second, and past that up to `burst` more per burst window (600 s > FLOOD_S).
  const allowed = Math.floor(perS * seconds) + burst;
  return {
    database: kind,
    'configured rate': `${perS}/s + burst ${burst} per ${DEVICE_LIMITS.burstWindowS} s`,
    seconds: round1(seconds),
    'allowed in that time': allowed,
    acknowledged: acked,
    'share of allowed': `${Math.round((acked / allowed) * 100)} %`,
    'rate past the burst /s': round1(Math.max(0, acked - burst) / Math.max(seconds, 1e-9)),
    'rows stored': stored,
    'acknowledged, not stored': Math.max(0, acked - stored),
  };
}

/** Both tables' rows: PGlite, then PostgreSQL (or a row saying why it did not run). */
export async function runDeviceFloodBench(): Promise<{ api: Row[]; rate: Row[] }> {
  const pglite = await benchOn('PGlite');
  const api = [...pglite.api];
  const rate = [pglite.rate];
  let pg: TestPostgres | null = null;
  const url = process.env.DATABASE_URL ?? (engineInstalled('postgresql') ? null : undefined);
  if (url === undefined) {
    api.push({ database: 'PostgreSQL', case: 'not run: PostgreSQL is not installed and DATABASE_URL unset' });
    return { api, rate };
  }
  try {
    if (url === null) pg = await startTestPostgres();
    const run = await benchOn('PostgreSQL', url ?? pg!.url);
    api.push(...run.api);
    rate.push(run.rate);
  } finally {
    pg?.dispose();
  }
  return { api, rate };
}

/** Prints both tables. */
export function printDeviceFloodBench(r: { api: Row[]; rate: Row[] }): void {
  printTable(`Device gate: user/info while one device floods, ${FLOOD_S} s each (issue 31)`, r.api);
  printTable('Device gate: one throttled MQTT device, acknowledged vs allowed vs stored (issue 31)', r.rate);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printDeviceFloodBench(await runDeviceFloodBench());
  process.exit(0);
}
