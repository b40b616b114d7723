/**
 * Issue 34 item 9: while the first start's backfill replays the fleet's history, no device's "today"
 * (list/real's figure, loadLiveSites) may count energy it will not count once the backfill is done. It
 * read 44.2 kWh then 23.6 when the history was replayed oldest first: today's counter baseline was the
 * last reading replayed so far, days old, until yesterday arrived. Every figure read during the backfill
 * must stay at or below the finished one (counters and power energy only grow).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../db/seed/accounts';
import { startTestIngest, type TestIngest } from '../ingest/test-ingest';
import { requireStationsAccess } from '../modules/access/station-access';
import { loadLiveSites } from '../modules/telemetry/live-service';
import { buildTestApp, type TestApp } from '../test/helper';
import { startSimulator } from './fleet';

let t: TestApp;
let ing: TestIngest;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await buildTestApp({ SIMULATOR_SITES: '4', BACKFILL_DAYS: '4', SIMULATOR_INTERVAL_S: '1' });
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

/** Each device's today, Wh, by `deviceId:in` and `deviceId:out` (missing figures left out). */
async function todayByDevice(): Promise<Map<string, number>> {
  const ids = (await t.db.query<{ id: number }>('SELECT id FROM stations ORDER BY id')).rows.map((r) => r.id);
  const admin = { userId: 0, sessionId: 0, loginName: 'test', roles: ['admin'] };
  const stations = await requireStationsAccess(t.db, admin, ids);
  const out = new Map<string, number>();
  for (const site of await loadLiveSites(t.db, stations, { withPoints: false })) {
    for (const d of site.devices) {
      if (d.todayInWh !== null) out.set(`${d.deviceId}:in`, d.todayInWh);
      if (d.todayOutWh !== null) out.set(`${d.deviceId}:out`, d.todayOutWh);
    }
  }
  return out;
}

describe('today during the backfill (issue 34 item 9)', () => {
  it('never reads a device’s today above what it reads once the backfill is stored', async () => {
    const sim = await startSimulator({ db: t.db, config: t.config, log, mqttUrl: ing.mqttUrl });
    const stored = () => {
      const s = ing.ingest.stats();
      return (
        sim.stats().backfillDone && s.pending === 0 && s.stored + s.duplicates >= sim.stats().backfillSamples
      );
    };
    const during: Map<string, number>[] = [];
    while (!stored()) {
      during.push(await todayByDevice());
      await new Promise((r) => setTimeout(r, 100));
    }
    await ing.ingest.flush();
    const done = await todayByDevice();
    await sim.stop();
    expect(during.length).toBeGreaterThan(0);
    const over: string[] = [];
    for (const [i, reading] of during.entries()) {
      for (const [key, wh] of reading) {
        const final = done.get(key);
        if (final !== undefined && wh > final + 1e-6) over.push(`read ${i}, ${key}: ${wh} > ${final} Wh`);
      }
    }
    expect(over).toEqual([]);
  });
});
