/**
 * Solar charging (issue 33, docs/ocpp.md "Solar charging"):
 * (a) the controller's CPU per site per sample: `solarStep` (pure) for a site of two chargers, and the
 *     whole site step against the database (`stepSite`: one read, the decision written back), per sample,
 *     alone and with 250 sites stepped together (`stepSites`, as a round of the runtime does);
 * (b) meter sample → profile at the charger: N charging sites, each with a grid meter publishing over MQTT
 *     (the embedded broker and the ingest, as `npm start` runs them) and one ocpp-rpc charger in `pv`
 *     (delays 0, so each sample whose surplus moved the limit by 0.5 A or more sends a profile). Each site
 *     gets one sample every 5 s (spread over the 5 s), alternating 4 kW and 6 kW of surplus; the time from
 *     the publish to the charger's SetChargingProfile with the limit of that sample or of a later one of
 *     the site (samples coalesce: a step reads the latest), p50/p99/max; a sample none of whose limits
 *     arrived within 120 s of the last round counts as "not arrived".
 *
 * Run alone: `node --import tsx bench/solar-charging.ts`. Knobs: SOLAR_BENCH_SITES (comma-separated, default
 * 100,1000), SOLAR_BENCH_ROUNDS (default 4), SOLAR_BENCH_STEPS (pure steps, default 200000). PGlite unless
 * DATABASE_URL is set (then a fresh database on that server, as the other benchmarks do).
 */
import { pathToFileURL } from 'node:url';
import { topics } from '@ems/contract/telemetry';
import { RPCClient } from 'ocpp-rpc';
import { hashDeviceSecret } from '../apps/server/src/ingest/device-secret';
import { startTestIngest } from '../apps/server/src/ingest/test-ingest';
import { sendChargerCommand, sendChargerCommands } from '../apps/server/src/modules/ocpp/commands/send';
import { startChargerCalls } from '../apps/server/src/modules/ocpp/commands/worker';
import { type SolarCharger, solarStep } from '../apps/server/src/modules/ocpp/solar/controller';
import { stepSite, stepSites } from '../apps/server/src/modules/ocpp/solar/site-step';
import { buildStation, buildUser } from '../apps/server/src/test/factories';
import { buildTestApp, type TestApp } from '../apps/server/src/test/helper';
import { quantile } from './stats';
import { printTable, type Row } from './table';

const sitesList = (process.env.SOLAR_BENCH_SITES ?? '100,1000').split(',').map(Number);
const rounds = Number(process.env.SOLAR_BENCH_ROUNDS ?? 4);
const pureSteps = Number(process.env.SOLAR_BENCH_STEPS ?? 200_000);
const ROUND_MS = 5000;
const KEY = 'b'.repeat(40);

/** (a) µs per pure controller step of a two-charger site (pv + minpv), the surplus wavering. */
function pureCase(): Row {
  const chargers: SolarCharger[] = [1, 2].map((deviceId) => ({
    deviceId,
    mode: deviceId === 1 ? 'pv' : 'minpv',
    minCurrentA: 6,
    phases: 3,
    ratingA: 16,
    drawW: 0,
    online: true,
    vehicleConnected: true,
    priority: 0,
  }));
  let timers = new Map();
  const t0 = performance.now();
  for (let i = 0; i < pureSteps; i++) {
    const now = 1_800_000_000_000 + i * 5000;
    const r = solarStep({
      nowMs: now,
      grid: { w: -3000 - 3000 * Math.sin(i / 50), atMs: now },
      battery: { w: -500, soc: 85 },
      siteLimitW: 22_000,
      batteryPrioritySoc: 80,
      enableDelayS: 60,
      disableDelayS: 180,
      chargers,
      timers,
    });
    timers = r.timers;
  }
  const us = ((performance.now() - t0) * 1000) / pureSteps;
  return { what: 'solarStep (pure, 2 chargers)', steps: pureSteps, 'µs per step': us.toFixed(2) };
}

interface Site {
  stationId: number;
  meterSn: string;
  cp: RPCClient;
  /** The samples published whose limit (or a later sample's) the charger has not received yet, oldest first. */
  pending: { at: number; limitA: number }[];
}

async function withBench<T>(fn: (t: TestApp, ownerId: number) => Promise<T>): Promise<T> {
  let t: TestApp | undefined;
  t = await buildTestApp(
    { NODE_NAME: 'bench', OCPP_HEARTBEAT_S: '30', DEVICE_RATE_PER_S: '1000' },
    undefined,
    {
      chargerSend: (cmd) => sendChargerCommand(t!.db, t!.queue, cmd),
      chargerSendMany: (cmds) => sendChargerCommands(t!.db, t!.queue, cmds),
    },
  );
  const owner = await buildUser(t.db);
  try {
    return await fn(t, owner.id);
  } finally {
    await t.close();
  }
}

/** (a') ms per database site step (one site, one charger in pv, a fresh meter sample each time). */
async function dbStepCase(): Promise<Row> {
  return withBench(async (t, ownerId) => {
    const station = await buildStation(t.db, { ownerId, systemType: 2, templateCode: 'charging' });
    const d = await t.db.query<{ id: number }>(
      `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash, protocol)
       VALUES ($1, 'CP', 'BENCH-SOLAR-CP', 'charger', 'x', 'ocpp'), ($1, 'Meter', 'BENCH-SOLAR-M', 'meter', 'x', 'mqtt')
       RETURNING id`,
      [station.id],
    );
    await t.db.query(`INSERT INTO charger_solar (device_id, mode) VALUES ($1, 'pv')`, [d.rows[0]!.id]);
    const n = 500;
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const now = Date.now();
      await t.db.query(
        `INSERT INTO device_latest (device_id, ts, w, points, last_seen_at) VALUES ($1, $2, $3, '{}', $2)
         ON CONFLICT (device_id) DO UPDATE SET ts = excluded.ts, w = excluded.w`,
        [d.rows[1]!.id, new Date(now), -3000 - (i % 7) * 300],
      );
      const a = performance.now();
      await stepSite(t.db, station.id, async () => 0, now);
      ms.push(performance.now() - a);
    }
    ms.sort((x, y) => x - y);
    return {
      what: `stepSite (database: ${t.db.kind})`,
      steps: n,
      'µs per step': (quantile(ms, 0.5) * 1000).toFixed(0),
      'p99 µs': (quantile(ms, 0.99) * 1000).toFixed(0),
    };
  });
}

/** (a'') µs per site when BATCH sites are stepped together (stepSites: one read, one write), as a round does. */
async function dbBatchCase(): Promise<Row> {
  const BATCH = 250;
  const calls = 20;
  return withBench(async (t, ownerId) => {
    const ids: number[] = [];
    const meters: number[] = [];
    for (let i = 0; i < BATCH; i++) {
      const station = await buildStation(t.db, { ownerId, systemType: 2, templateCode: 'charging' });
      const d = await t.db.query<{ id: number }>(
        `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash, protocol)
         VALUES ($1, 'CP', $2, 'charger', 'x', 'ocpp'), ($1, 'Meter', $3, 'meter', 'x', 'mqtt') RETURNING id`,
        [station.id, `BENCH-SB-CP-${i}`, `BENCH-SB-M-${i}`],
      );
      await t.db.query(`INSERT INTO charger_solar (device_id, mode) VALUES ($1, 'pv')`, [d.rows[0]!.id]);
      ids.push(station.id);
      meters.push(d.rows[1]!.id);
    }
    const ms: number[] = [];
    for (let i = 0; i < calls; i++) {
      const now = Date.now();
      await t.db.query(
        `INSERT INTO device_latest (device_id, ts, w, points, last_seen_at)
         SELECT m, $2, $3, '{}', $2 FROM unnest($1::int[]) AS m
         ON CONFLICT (device_id) DO UPDATE SET ts = excluded.ts, w = excluded.w`,
        [meters, new Date(now), -3000 - (i % 7) * 300],
      );
      const a = performance.now();
      await stepSites(
        t.db,
        ids,
        async (cmds) => cmds.map(() => ({ status: 'fulfilled', value: 0 }) as const),
        now,
      );
      ms.push((performance.now() - a) / BATCH);
    }
    ms.sort((x, y) => x - y);
    return {
      what: `stepSites, ${BATCH} sites a call (database: ${t.db.kind}), per site`,
      steps: calls * BATCH,
      'µs per step': (quantile(ms, 0.5) * 1000).toFixed(0),
      'p99 µs': (quantile(ms, 0.99) * 1000).toFixed(0),
    };
  });
}

/** (b) publish → profile at the charger for `n` sites. */
async function latencyCase(n: number): Promise<Row> {
  return withBench(async (t, ownerId) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const calls = await startChargerCalls({
      db: t.db,
      queue: t.queue,
      log: t.app.log,
      nodeName: 'bench',
      links: t.app.centralSystem.links,
      callTimeoutS: 60,
    });
    const ing = await startTestIngest({
      db: t.db,
      config: { ...t.config, DEVICE_RATE_PER_S: 1000 } as never,
      onMeterSample: (id) => t.app.solarCharging?.meterSampled(id),
    });
    const pub = await ing.connectInternal();
    pub.on('error', () => undefined);
    const sites: Site[] = [];
    const latencies: number[] = [];
    try {
      for (let i = 0; i < n; i++) {
        const station = await buildStation(t.db, { ownerId, systemType: 2, templateCode: 'charging' });
        await t.db.query(
          'UPDATE stations SET solar_enable_delay_s = 0, solar_disable_delay_s = 0 WHERE id = $1',
          [station.id],
        );
        const meter = await ing.addDevice('meter', station.id);
        // Commissioned as charger/add does (the key's SHA-256), all with one key: the bench is not about keys.
        const dev = await t.db.query<{ id: number }>(
          `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash, protocol)
           VALUES ($1, 'CP', $2, 'charger', $3, 'ocpp') RETURNING id`,
          [station.id, `BENCH-SOL-${i}`, hashDeviceSecret(KEY)],
        );
        await t.db.query(`INSERT INTO charger_solar (device_id, mode, phases) VALUES ($1, 'pv', 1)`, [
          dev.rows[0]!.id,
        ]);
        const key = KEY;
        const cp = new RPCClient({
          endpoint: `ws://127.0.0.1:${port}/ocpp`,
          identity: `BENCH-SOL-${i}`,
          password: key,
          protocols: ['ocpp1.6'],
          strictMode: false,
          reconnect: false,
        } as never);
        // A socket reset under load is counted by what does not arrive, not a crash of the bench.
        (cp as unknown as NodeJS.EventEmitter).on('error', () => undefined);
        const site: Site = { stationId: station.id, meterSn: meter.sn, cp, pending: [] };
        cp.handle('SetChargingProfile', async ({ params }) => {
          const p = params!.csChargingProfiles as {
            chargingSchedule: { chargingSchedulePeriod: { limit: number }[] };
          };
          const a = p.chargingSchedule.chargingSchedulePeriod[0]!.limit;
          // The limit of a sample serves it and every earlier one (coalesced: the step read the latest).
          const k = site.pending.findLastIndex((e) => e.limitA === a);
          if (k >= 0) for (const e of site.pending.splice(0, k + 1)) latencies.push(Date.now() - e.at);
          return { status: 'Accepted' };
        });
        await cp.connect();
        await cp.call('BootNotification', { chargePointVendor: 'Bench', chargePointModel: 'Solar' });
        await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' });
        sites.push(site);
      }
      // Reads the meters to watch again (they were all added meanwhile) and steps one site.
      await t.app.solarCharging?.siteChanged(sites[0]!.stationId);
      await t.app.solarCharging?.idle();
      const started = Date.now();
      for (let r = 0; r < rounds; r++) {
        // The car draws nothing (no MeterValues): surplus = what the meter sells. 4 kW → 17.3 A, 6 kW → 26 A.
        const surplusW = r % 2 === 0 ? 4000 : 6000;
        const limitA = Math.floor((surplusW * 10) / 230) / 10;
        for (let i = 0; i < n; i++) {
          const due = started + r * ROUND_MS + (i * ROUND_MS) / n;
          const wait = due - Date.now();
          if (wait > 0) await new Promise((res) => setTimeout(res, wait));
          const s = sites[i]!;
          s.pending.push({ at: Date.now(), limitA });
          const sample = { ts: new Date().toISOString(), points: { W: -surplusW } };
          // Unacknowledged at the end (the ingest behind) is what "not arrived" counts, not a crash.
          pub
            .publishAsync(topics.telemetry(s.meterSn), JSON.stringify({ samples: [sample] }), { qos: 1 })
            .catch(() => undefined);
        }
      }
      const until = Date.now() + 120_000;
      while (sites.some((s) => s.pending.length > 0) && Date.now() < until)
        await new Promise((res) => setTimeout(res, 200));
      const lost = sites.reduce((n, s) => n + s.pending.length, 0);
      latencies.sort((a, b) => a - b);
      return {
        sites: n,
        'samples/s': n / (ROUND_MS / 1000),
        profiles: latencies.length,
        'not arrived': lost,
        'site steps': t.app.solarCharging?.counts().steps ?? 0,
        'p50 ms': quantile(latencies, 0.5).toFixed(0),
        'p99 ms': quantile(latencies, 0.99).toFixed(0),
        'max ms': (latencies.at(-1) ?? 0).toFixed(0),
      };
    } finally {
      await Promise.all(sites.map((s) => s.cp.close({ force: true }).catch(() => undefined)));
      await calls.stop();
      await ing.stop();
    }
  });
}

/** Runs every case. */
export async function runSolarChargingBench(): Promise<{ cpu: Row[]; latency: Row[] }> {
  const cpu = [pureCase(), await dbStepCase(), await dbBatchCase()];
  const latency: Row[] = [];
  for (const n of sitesList) {
    latency.push(await latencyCase(n));
    console.log(JSON.stringify(latency.at(-1)));
  }
  return { cpu, latency };
}

/** Prints the two tables. */
export function printSolarChargingBench(r: { cpu: Row[]; latency: Row[] }): void {
  printTable('Solar charging: controller CPU per site per sample', r.cpu);
  printTable('Solar charging: meter sample → profile at the charger', r.latency);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printSolarChargingBench(await runSolarChargingBench());
  process.exit(0);
}
