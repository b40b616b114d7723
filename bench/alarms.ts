/**
 * Alarm benchmark (issue 9 §8), on PGlite (and PostgreSQL when DATABASE_URL is set):
 * - current/count and current/list p50/p99 through the real app (inject: routing, validation, access,
 *   SQL) for an owner of 10,000 sites with 50,000 history alarms and 2,000 current ones;
 * - what alarm work costs the ingest: a 5,000-sample telemetry batch written alone, and the per-second
 *   communication-loss clearing of 5,000 devices that follows committed batches (the only alarm work on
 *   the telemetry path; device alarm events have their own queue);
 * - one evaluation of threshold rules at 100 rules per site (off the ingest path, every 30 s).
 *
 * Run alone: `node --import tsx bench/alarms.ts`. Knobs: ALARM_BENCH_SITES (10000), ALARM_BENCH_RULE_SITES
 * (100 sites × 100 rules), ALARM_BENCH_REQUESTS (300 per call).
 */

import { pathToFileURL } from 'node:url';
import { loadConfig } from '../apps/server/src/config';
import type { DbHandle } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed';
import { buildApp } from '../apps/server/src/http/app';
import { writeSamples } from '../apps/server/src/ingest/writer';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { clearCommLoss } from '../apps/server/src/modules/alarms/engine';
import { evaluateRules } from '../apps/server/src/modules/alarms/rules-engine';
import { createAuthService } from '../apps/server/src/modules/auth/service';
import { buildUser, signIn } from '../apps/server/src/test/factories';
import { type BenchDbKind, openBenchDb } from './harness';
import { quantile } from './stats';
import { printTable, type Row } from './table';

const SITES = Number(process.env.ALARM_BENCH_SITES ?? 10_000);
const RULE_SITES = Number(process.env.ALARM_BENCH_RULE_SITES ?? 100);
const REQUESTS = Number(process.env.ALARM_BENCH_REQUESTS ?? 300);

async function timed(n: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
}

/** Sites (one device each, with latest values), history and current alarms, in a few set-based statements. */
async function fill(db: DbHandle, ownerId: number): Promise<void> {
  await db.query(
    `INSERT INTO stations (name, address, longitude, latitude, capacity_kw, system_type, template_code, owner_id, time_zone, country)
     SELECT 'Bench ' || i, 'Street ' || i, 14, 50, 10, (ARRAY[1,6,2,7,3])[1 + i % 5],
            (ARRAY['pv','storage','charging','ups','pe'])[1 + i % 5], $1, 'Europe/Prague', 'CZ'
     FROM generate_series(1, $2::int) i`,
    [ownerId, SITES],
  );
  await db.query(
    `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash)
     SELECT id, 'Battery ' || id, 'BENCH' || id, 'battery', 'x' FROM stations`,
  );
  await db.query(
    `INSERT INTO device_latest (device_id, ts, w, soc, points, last_seen_at)
     SELECT id, now(), 0, 50, jsonb_build_object('SoC', 5 + id % 90, 'W', 0), now() FROM devices`,
  );
  await db.query(
    `INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, catalog, source, started_at, cleared_at)
     SELECT d.station_id, d.id, 'ID' || lpad((1 + g % 60)::text, 3, '0'), 1 + g % 5, 'Bench fault', 'sofar_g3hyd', 'device',
            now() - (g || ' minutes')::interval - interval '1 hour', now() - (g || ' minutes')::interval
     FROM generate_series(1, 50000) g JOIN devices d ON d.id = 1 + g % $1::int`,
    [SITES],
  );
  await db.query(
    `INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, catalog, source, started_at)
     SELECT station_id, id, 'ID001', 4, 'Grid Over Voltage Protection', 'sofar_g3hyd', 'device', now() - interval '5 minutes'
     FROM devices WHERE id % 5 = 0 AND id <= 10000`,
  );
  await db.query('ANALYZE');
}

async function benchOn(kind: BenchDbKind): Promise<Row[]> {
  const { db, close } = await openBenchDb(kind, 'alarms');
  const config = loadConfig({ SIMULATOR: 'off', ADMIN_PASSWORD: 'Bench@Admin2024', LOG_LEVEL: 'silent' });
  const auth = createAuthService({ db, config });
  const app = await buildApp(
    { config, db, authenticate: auth.authenticate, queue: createJobQueue(db) },
    { logger: false },
  );
  await seed(db, config, app.log, () => {});
  const rows: Row[] = [];
  try {
    const owner = await buildUser(db);
    await fill(db, owner.id);
    const token = await signIn(app, owner);
    const call = (url: string) => async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/owner_api/webpvesc/ajax/alarm/system/${url}`,
        headers: { token },
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    };
    for (const [name, url] of [
      ['current/count', 'current/count?isCurrent=true&ispvesc=false'],
      ['current/count systemType=6', 'current/count?systemType=6&isCurrent=true&ispvesc=false'],
      ['current/list page 1', 'current/list?pageNum=1&pageSize=10'],
      ['current/list page 50', 'current/list?pageNum=50&pageSize=10'],
      ['history/list page 1', 'history/list?pageNum=1&pageSize=10'],
      ['history/list text', 'history/list?text=voltage&pageNum=1&pageSize=10'],
    ] as const) {
      await timed(20, call(url)); // warm-up
      const r = await timed(REQUESTS, call(url));
      rows.push({
        db: kind,
        case: `${name} (${SITES} sites, 50,000 history)`,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
      });
    }

    // The ingest's side: a telemetry batch alone, then the per-second data-back clearing of as many devices.
    const ids = (await db.query<{ id: number }>('SELECT id FROM devices ORDER BY id LIMIT 5000')).rows.map(
      (r) => r.id,
    );
    const t0 = Date.now();
    const batch = (k: number) =>
      ids.map((deviceId) => ({
        deviceId,
        ts: new Date(t0 + k * 1000),
        w: 100,
        soc: 50,
        eIn: k,
        eOut: null,
        points: { W: 100, SoC: 50 },
      }));
    let k = 0;
    const write = await timed(10, () => writeSamples(db, batch(++k)));
    const clear = await timed(10, () => clearCommLoss(db, ids));
    rows.push({
      db: kind,
      case: 'telemetry batch of 5,000 samples',
      'p50 ms': write.p50,
      'p99 ms': write.p99,
    });
    rows.push({
      db: kind,
      case: `data-back clearing of 5,000 devices (once per second): ${((100 * clear.p50) / (2 * write.p50)).toFixed(1)} % of 10,000 points/s`,
      'p50 ms': clear.p50,
      'p99 ms': clear.p99,
    });

    // Threshold rules: 100 per site on RULE_SITES sites, half of the devices breaching one of them.
    await db.query(
      `INSERT INTO alarm_rules (station_id, name, device_type, point, op, threshold, duration_s, level)
       SELECT s.id, 'Rule ' || r, 'battery', 'SoC', CASE WHEN r % 2 = 0 THEN 'below' ELSE 'above' END, 1000 - r * 10, 60, 2
       FROM (SELECT id FROM stations ORDER BY id LIMIT $1) s CROSS JOIN generate_series(1, 100) r`,
      [RULE_SITES],
    );
    const now = Date.now();
    let step = 0;
    const rules = await timed(5, () => evaluateRules(db, new Date(now + 120_000 * ++step)));
    rows.push({
      db: kind,
      case: `rule evaluation, ${RULE_SITES} sites × 100 rules (every 30 s, off the ingest path)`,
      'p50 ms': rules.p50,
      'p99 ms': rules.p99,
    });
  } finally {
    await app.close();
    await close();
  }
  return rows;
}

/** Runs the alarm cases on PGlite, and on PostgreSQL when DATABASE_URL is set. */
export async function runAlarmBench(): Promise<Row[]> {
  const rows = await benchOn('PGlite');
  if (process.env.DATABASE_URL) rows.push(...(await benchOn('PostgreSQL')));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable('Alarms: calls and evaluation', await runAlarmBench());
  process.exit(0);
}
