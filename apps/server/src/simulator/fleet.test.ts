import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../db/seed/accounts';
import { startTestIngest, type TestIngest } from '../ingest/test-ingest';
import { buildTestApp, type TestApp } from '../test/helper';
import { type Simulator, startSimulator } from './fleet';
import { ensureFleet } from './fleet-store';

let t: TestApp;
let ing: TestIngest;
const log = pino({ level: 'silent' });
const SITES = 8;

beforeAll(async () => {
  t = await buildTestApp({ SIMULATOR_SITES: String(SITES), BACKFILL_DAYS: '1', SIMULATOR_INTERVAL_S: '1' });
  // The seed creates the demo owner; create it here if this database has none yet.
  await t.db.query(
    `INSERT INTO users (login_name, user_name, password_hash) VALUES ($1, 'Demo owner', 'x')
     ON CONFLICT (login_name) DO NOTHING`,
    [DEMO_ACCOUNT.loginName],
  );
  ing = await startTestIngest({ db: t.db, config: t.config });
});

afterAll(async () => {
  await ing?.stop();
  await t?.close();
});

async function start(): Promise<Simulator> {
  return startSimulator({ db: t.db, config: t.config, log, mqttUrl: ing.mqttUrl });
}

async function rowsOf(sql: string, params: unknown[] = []) {
  return (await t.db.query<Record<string, number | string | null>>(sql, params)).rows;
}

describe('demo fleet simulator', () => {
  it('creates the fleet once, over every system type', async () => {
    const first = (await ensureFleet(t.db, SITES))?.sites;
    const again = (await ensureFleet(t.db, SITES))?.sites;
    expect(again?.map((s) => s.stationId)).toEqual(first?.map((s) => s.stationId));
    const types = await rowsOf('SELECT DISTINCT system_type FROM stations ORDER BY 1');
    expect(types.map((r) => r.system_type)).toEqual([1, 2, 3, 6, 7]);
    const zones = await rowsOf('SELECT count(DISTINCT time_zone)::int AS n FROM stations');
    expect(Number(zones[0]?.n)).toBeGreaterThanOrEqual(5);
  });

  it('backfills a day through MQTT and the ingest, then publishes live', async () => {
    const sim = await start();
    await sim.backfilled;
    const stats = sim.stats();
    expect(stats.backfillDone).toBe(true);
    expect(stats.backfillSamples).toBeGreaterThanOrEqual(stats.devices * 287);
    await ing.waitFor(async () => {
      const s = ing.ingest.stats();
      return s.pending === 0 && s.stored + s.duplicates >= stats.backfillSamples;
    }, 60_000);
    const liveBefore = sim.stats().liveSamples;
    await ing.waitFor(() => sim.stats().liveSamples > liveBefore);
    await sim.stop();
    await ing.ingest.flush();

    const perDevice = await rowsOf(
      'SELECT d.serial_number, count(t.ts)::int AS n FROM devices d LEFT JOIN telemetry t ON t.device_id = d.id GROUP BY 1',
    );
    expect(perDevice).toHaveLength(stats.devices);
    for (const r of perDevice) expect(Number(r.n)).toBeGreaterThanOrEqual(287);
    const latest = await rowsOf('SELECT count(*)::int AS n FROM device_latest');
    expect(Number(latest[0]?.n)).toBe(stats.devices);
    const rollup = await rowsOf('SELECT count(*)::int AS n FROM telemetry_5min');
    expect(Number(rollup[0]?.n)).toBeGreaterThanOrEqual(stats.devices * 287);
    expect(ing.ingest.stats().invalid).toBe(0);
    // Issue 9: live ticks publish valid alarm events (at least the start-up clearing of simulated codes).
    expect(ing.ingest.alarmStats().invalid).toBe(0);
    expect(ing.ingest.alarmStats().events).toBeGreaterThan(0);
  });

  it('stores counters that never decrease and a meter that balances PV, battery and load', async () => {
    const decreasing = await rowsOf(`
      SELECT count(*)::int AS n FROM (
        SELECT e_in - lag(e_in) OVER w AS d_in, e_out - lag(e_out) OVER w AS d_out
        FROM telemetry WINDOW w AS (PARTITION BY device_id ORDER BY ts)) x
      WHERE d_in < 0 OR d_out < 0`);
    expect(Number(decreasing[0]?.n)).toBe(0);
    // Storage sites: load = inverter + battery + meter, as published; never negative.
    const balance = await rowsOf(`
      SELECT t.ts, sum(t.w) AS load FROM telemetry t JOIN devices d ON d.id = t.device_id
      JOIN stations s ON s.id = d.station_id
      WHERE s.system_type = 6 GROUP BY d.station_id, t.ts HAVING count(*) = 3`);
    expect(balance.length).toBeGreaterThan(280);
    for (const r of balance) expect(Number(r.load)).toBeGreaterThan(0);
    const soc = await rowsOf(`
      SELECT min(t.soc) AS lo, max(t.soc) AS hi FROM telemetry t JOIN devices d ON d.id = t.device_id
      WHERE d.device_type = 'battery'`);
    expect(Number(soc[0]?.lo)).toBeGreaterThanOrEqual(20);
    expect(Number(soc[0]?.hi)).toBeLessThanOrEqual(100);
  });

  it('on a restart, keeps the fleet and continues the counters without a second full backfill', async () => {
    const stations = await rowsOf('SELECT count(*)::int AS n FROM stations');
    const lastBefore = await rowsOf(`
      SELECT DISTINCT ON (device_id) device_id, ts, e_in FROM telemetry WHERE e_in IS NOT NULL
      ORDER BY device_id, ts DESC`);
    const sim = await start();
    await sim.backfilled;
    const stats = sim.stats();
    expect(stats.backfillSamples).toBeLessThan(stats.devices * 20);
    await ing.waitFor(() => sim.stats().liveSamples >= stats.devices * 2);
    await sim.stop();
    await ing.ingest.flush();
    expect((await rowsOf('SELECT count(*)::int AS n FROM stations'))[0]?.n).toBe(stations[0]?.n);
    for (const before of lastBefore) {
      const after = await rowsOf('SELECT e_in FROM telemetry WHERE device_id = $1 AND ts > $2 ORDER BY ts', [
        before.device_id,
        before.ts,
      ]);
      expect(after.length).toBeGreaterThan(0);
      for (const r of after) expect(Number(r.e_in)).toBeGreaterThanOrEqual(Number(before.e_in));
    }
  });
});
