/**
 * Issue 12 §4: lines and statistics p95 for a day, a month, a year and the total, and statistics of all
 * of one owner's sites by month over a year, on PGlite and PostgreSQL side by side (real app, inject).
 *
 * Data set (reproducible from BENCH_ENERGY_SEED): one site per device, time zones Europe/Berlin,
 * Asia/Shanghai and America/Sao_Paulo in turn; odd devices are power-only inverters (5-minute rows with
 * W and wh_pos), even ones meters with import/export counters. `BENCH_ENERGY_DAYS` days (default 365)
 * of 5-minute rows ending yesterday, written with generate_series (not through the ingest), then the
 * daily and monthly rollups built as the rollup job would (timed). Device counts: BENCH_ENERGY_DEVICES
 * (PGlite, default 100) and BENCH_ENERGY_PG_DEVICES (PostgreSQL, default 1,000).
 * Alone: `node --import tsx bench/energy.ts` (DATABASE_URL adds PostgreSQL).
 */

import { pathToFileURL } from 'node:url';
import { loadConfig } from '../apps/server/src/config';
import type { DbHandle } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed';
import { buildApp } from '../apps/server/src/http/app';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { createAuthService } from '../apps/server/src/modules/auth/service';
import { refreshRollups } from '../apps/server/src/modules/telemetry/rollup-refresh';
import { seededRandom } from '../apps/server/src/shared/seeded-random';
import { buildUser, signIn } from '../apps/server/src/test/factories';
import { type BenchDbKind, openBenchDb } from './harness';
import { quantile } from './stats';
import { printTable, type Row } from './table';

const SEED = Number(process.env.BENCH_ENERGY_SEED ?? 12);
const DAYS = Number(process.env.BENCH_ENERGY_DAYS ?? 365);
const REQUESTS = Number(process.env.BENCH_ENERGY_REQUESTS ?? 100);
const DEVICES: Record<BenchDbKind, number> = {
  PGlite: Number(process.env.BENCH_ENERGY_DEVICES ?? 100),
  PostgreSQL: Number(process.env.BENCH_ENERGY_PG_DEVICES ?? 1000),
};

function p95(ms: number[]): number {
  return quantile(
    [...ms].sort((a, b) => a - b),
    0.95,
  );
}

/**
 * Sites, devices and 5-minute rows in set-based statements. Power follows a day curve scaled per device
 * (from the seed); meters count imports and exports.
 */
async function fill(db: DbHandle, ownerId: number, devices: number, from: Date, to: Date): Promise<void> {
  await db.query(
    `INSERT INTO stations (name, address, longitude, latitude, capacity_kw, system_type, template_code, owner_id, time_zone, country)
     SELECT 'Energy ' || i, 'Street ' || i, 13.4, 52.5, 10, 1, 'pv', $1,
            (ARRAY['Europe/Berlin','Asia/Shanghai','America/Sao_Paulo'])[1 + i % 3], 'DE'
     FROM generate_series(1, $2::int) i`,
    [ownerId, devices],
  );
  await db.query(
    `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash)
     SELECT id, 'Device ' || id, 'EN' || id, CASE WHEN id % 2 = 1 THEN 'inverter' ELSE 'meter' END, 'x'
     FROM stations WHERE owner_id = $1`,
    [ownerId],
  );
  // One device at a time keeps each statement's memory small (PGlite runs in the Node process).
  const ids = await db.query<{ id: number; type: string }>(
    'SELECT id, device_type AS type FROM devices ORDER BY id',
  );
  for (const d of ids.rows) {
    const scale = 2000 + ((d.id * 7919 + SEED * 104729) % 5000);
    await db.query(
      `INSERT INTO telemetry_5min (device_id, bucket, w_sum, w_count, e_in_max, e_out_max, last_ts, wh_pos, wh_neg)
       SELECT $1, b, w, 1, CASE WHEN $3 THEN 1e6 + n * 40 END, CASE WHEN $3 THEN 5e5 + n * 15 END, b,
              CASE WHEN $3 THEN NULL ELSE w / 12 END, CASE WHEN $3 THEN NULL ELSE 0 END
       FROM (SELECT b, row_number() OVER (ORDER BY b) AS n,
                    greatest(0, $2::float8 * sin(pi() * (extract(epoch FROM b)::bigint % 86400) / 86400.0)) AS w
             FROM generate_series($4::timestamptz, $5::timestamptz, interval '5 minutes') b) s`,
      [d.id, scale, d.type === 'meter', from.toISOString(), to.toISOString()],
    );
  }
  await db.query('ANALYZE');
}

async function benchOn(kind: BenchDbKind): Promise<{ rows: Map<string, number>; notes: string }> {
  const devices = DEVICES[kind];
  const { db, close } = await openBenchDb(kind, 'energy');
  const config = loadConfig({ SIMULATOR: 'off', ADMIN_PASSWORD: 'Bench@Admin2024', LOG_LEVEL: 'silent' });
  const auth = createAuthService({ db, config });
  const app = await buildApp(
    { config, db, authenticate: auth.authenticate, queue: createJobQueue(db) },
    { logger: false },
  );
  await seed(db, config, app.log, () => {});
  const out = new Map<string, number>();
  try {
    const owner = await buildUser(db);
    const today = new Date();
    const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 300_000);
    const from = new Date(to.getTime() - DAYS * 86_400_000 + 300_000);
    const t0 = Date.now();
    await fill(db, owner.id, devices, from, to);
    const fillS = (Date.now() - t0) / 1000;
    const t1 = Date.now();
    await db.query(
      `INSERT INTO rollup_dirty (device_id, day)
       SELECT DISTINCT r.device_id, (r.bucket AT TIME ZONE s.time_zone)::date
       FROM telemetry_5min r JOIN devices d ON d.id = r.device_id JOIN stations s ON s.id = d.station_id
       ON CONFLICT DO NOTHING`,
    );
    while ((await refreshRollups(db, 20_000)) > 0) {
      // until every day is built
    }
    await db.query('ANALYZE');
    const rollupS = (Date.now() - t1) / 1000;
    const token = await signIn(app, owner);
    const sites = (
      await db.query<{ id: number }>('SELECT id FROM stations WHERE owner_id = $1 ORDER BY id', [owner.id])
    ).rows.map((r) => r.id);
    const next = seededRandom(SEED);
    const day = () => new Date(from.getTime() + 86_400_000 + Math.floor(next() * (DAYS - 2)) * 86_400_000);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const site = () => sites[Math.floor(next() * sites.length)]!;
    const year = iso(day()).slice(0, 4);
    const cases: [string, () => string][] = [
      ['lines day (5 min)', () => `lines?stationId=${site()}&searchDate=${iso(day())}`],
      [
        'lines month (1 day)',
        () => {
          const d = day();
          return `lines?stationId=${site()}&searchDate=${iso(d)}&endDate=${iso(new Date(d.getTime() + 29 * 86_400_000))}`;
        },
      ],
      [
        'lines year (1 month)',
        () => `lines?stationId=${site()}&searchDate=${year}-01-01&endDate=${year}-12-31`,
      ],
      [
        'lines total (1 month)',
        () => `lines?stationId=${site()}&searchDate=${iso(from)}&endDate=${iso(today)}`,
      ],
      ['statistics day', () => `statistics?stationId=${site()}&statisticsType=1&searchDate=${iso(day())}`],
      ['statistics month', () => `statistics?stationId=${site()}&statisticsType=2&searchDate=${iso(day())}`],
      ['statistics year', () => `statistics?stationId=${site()}&statisticsType=3&searchDate=${iso(day())}`],
      ['statistics total', () => `statistics?stationId=${site()}&statisticsType=4`],
    ];
    const call = async (url: string) => {
      const t = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/owner_api/webpvesc/ajax/station/${url}`,
        headers: { token },
      });
      const ms = performance.now() - t;
      const body = res.json() as { status: number };
      if (body.status !== 0) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
      return ms;
    };
    for (const [name, url] of cases) {
      for (let i = 0; i < 10; i++) await call(url());
      const ms: number[] = [];
      for (let i = 0; i < REQUESTS; i++) ms.push(await call(url()));
      out.set(name, p95(ms));
    }
    const allMs: number[] = [];
    for (let i = 0; i < 2; i++) await call(`statistics?all=1&statisticsType=3&searchDate=${year}-06-01`);
    for (let i = 0; i < 20; i++)
      allMs.push(await call(`statistics?all=1&statisticsType=3&searchDate=${year}-06-01`));
    out.set(`statistics all ${sites.length} sites by month`, p95(allMs));
    const rows5 = DAYS * 288 * devices;
    return {
      rows: out,
      notes: `${kind}: ${devices} devices × ${DAYS} days = ${rows5.toLocaleString('en-US')} 5-minute rows; fill ${fillS.toFixed(0)} s, rollup build ${rollupS.toFixed(0)} s`,
    };
  } finally {
    await app.close();
    await close();
  }
}

const TARGETS: Record<string, [string, string]> = {
  'lines day (5 min)': ['≤ 20', '≤ 150'],
  'lines month (1 day)': ['≤ 30', '≤ 150'],
  'lines year (1 month)': ['≤ 50', '≤ 150'],
  'lines total (1 month)': ['≤ 50', '≤ 150'],
  'statistics day': ['≤ 20', '≤ 150'],
  'statistics month': ['≤ 30', '≤ 150'],
  'statistics year': ['≤ 50', '≤ 150'],
  'statistics total': ['≤ 50', '≤ 150'],
};

/** The energy cases on PGlite, and on PostgreSQL when DATABASE_URL is set, as one side-by-side table. */
export async function runEnergyBench(): Promise<Row[]> {
  const runs = [await benchOn('PGlite')];
  if (process.env.DATABASE_URL) runs.push(await benchOn('PostgreSQL'));
  for (const r of runs) console.log(r.notes);
  const rows: Row[] = [];
  const names = [...runs[0]!.rows.keys()];
  for (const [i, name] of names.entries()) {
    const pgName = runs[1] ? [...runs[1].rows.keys()][i]! : name;
    const target = TARGETS[name] ?? ['≤ 1000', '≤ 1000'];
    rows.push({
      case: name.startsWith('statistics all') ? 'statistics all sites by month (year)' : name,
      'PGlite p95 ms': runs[0]!.rows.get(name)!.toFixed(1),
      'PGlite target': target[1],
      'PostgreSQL p95 ms': runs[1] ? runs[1].rows.get(pgName)!.toFixed(1) : '—',
      'PostgreSQL target': target[0],
    });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  printTable('Energy (issue 12): lines and statistics p95', await runEnergyBench());
  process.exit(0);
}
