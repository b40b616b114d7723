/**
 * Issue 20 §9: the demo backfill holds the fleet's past faults as cleared alarms, and none of them is
 * pushed, though the demo owner's default rule matches them and the owner has an app subscription.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIngest, type TestIngest } from '../ingest/test-ingest';
import { fanOutAlarmEvents } from '../modules/push/fanout';
import { buildTestApp, type TestApp } from '../test/helper';
import { SIMULATED_CODES } from './faults';
import { startSimulator } from './fleet';

let t: TestApp;
let ing: TestIngest;
let liveFrom = 0;

beforeAll(async () => {
  t = await buildTestApp({ SIMULATOR_SITES: '8', BACKFILL_DAYS: '1', SIMULATOR_INTERVAL_S: '1' });
  await t.db.query(
    `INSERT INTO push_app_subscriptions (user_id, endpoint, p256dh, auth)
     SELECT id, 'https://push.example.com/demo', 'key', 'auth' FROM users WHERE login_name = 'demo'`,
  );
  ing = await startTestIngest({ db: t.db, config: t.config });
  liveFrom = Date.now() - 1000;
  const sim = await startSimulator({
    db: t.db,
    config: t.config,
    log: pino({ level: 'silent' }),
    mqttUrl: ing.mqttUrl,
  });
  await sim.backfilled;
  await sim.stop();
  await ing.ingest.flush();
}, 180_000);

afterAll(async () => {
  await ing?.stop();
  await t?.close();
});

const rows = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;

describe('demo fault history', () => {
  it('backfills simulated faults as cleared alarms of the fault model', async () => {
    const past = await rows<{ code: string; cleared: boolean; n: number }>(
      `SELECT alarm_code AS code, cleared_at IS NOT NULL AS cleared, count(*)::int AS n FROM alarms
       WHERE started_at < $1::timestamptz GROUP BY 1, 2`,
      [new Date(liveFrom).toISOString()],
    );
    expect(past.reduce((a, r) => a + r.n, 0)).toBeGreaterThan(0);
    for (const r of past) {
      expect(r.cleared, r.code).toBe(true);
      expect(Object.values(SIMULATED_CODES).flat()).toContain(r.code);
    }
  });

  it('pushes none of them: no push event is left for them and the fan-out delivers nothing of them', async () => {
    const since = [new Date(liveFrom).toISOString()];
    const events = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM alarm_push_events e JOIN alarms a ON a.id = e.alarm_id
       WHERE a.started_at < $1::timestamptz`,
      since,
    );
    expect(events[0]?.n).toBe(0);
    while ((await fanOutAlarmEvents({ db: t.db, config: t.config, log: t.app.log, queue: t.queue })) > 0) {}
    const pushed = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM push_deliveries d JOIN alarms a ON a.id = d.alarm_id
       WHERE a.started_at < $1::timestamptz`,
      since,
    );
    expect(pushed[0]?.n).toBe(0);
  });
});
