/**
 * Issue 8 §6: the all-sites yearly report and its Excel file for 1,000 sites (target ≤ 2 s for the
 * file). Each site has an inverter, a meter and a battery with hourly counter readings over the year
 * (rollup rows written in SQL: 3,000 devices × 8,760 hours), one owner, one flat tariff each.
 */

import { reportWorkbook } from '../apps/server/src/modules/reports/export-file';
import { buildReport } from '../apps/server/src/modules/reports/report-service';
import { refreshRollups } from '../apps/server/src/modules/telemetry/rollup-refresh';
import { buildUser } from '../apps/server/src/test/factories';
import { type BenchDbKind, openBenchDb } from './harness';
import type { Row } from './table';

const SITES = Number(process.env.BENCH_REPORT_SITES ?? 1000);
const YEAR = new Date().getUTCFullYear() - 1;

async function runOne(kind: BenchDbKind): Promise<Row> {
  const bench = await openBenchDb(kind, 'reports');
  const { db } = bench;
  try {
    const owner = await buildUser(db, { loginName: 'bench_reports' });
    const seedStart = Date.now();
    await db.query(
      `INSERT INTO stations (name, address, longitude, latitude, capacity_kw, system_type, template_code,
                             owner_id, time_zone, country)
       SELECT 'Bench ' || g, 'Bench street ' || g, 13.4, 52.5, 10, 6, 'storage', $1,
              (ARRAY['Europe/Berlin','Asia/Shanghai','America/Sao_Paulo'])[1 + g % 3], 'DE'
       FROM generate_series(1, $2::int) g`,
      [owner.id, SITES],
    );
    await db.query(
      `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash)
       SELECT s.id, t.kind, 'BR-' || s.id || '-' || t.kind, t.kind, 'x'
       FROM stations s CROSS JOIN (VALUES ('inverter'), ('meter'), ('battery')) t(kind)`,
    );
    await db.query(
      `INSERT INTO station_tariffs (station_id, buy_price, feed_in_price) SELECT id, 0.3, 0.08 FROM stations`,
    );
    // Hourly readings: counters climb by a fixed amount per hour (e_in) and per hour (e_out).
    await db.query(
      `INSERT INTO telemetry_5min (device_id, bucket, w_sum, w_count, e_in_max, e_out_max, last_ts)
       SELECT d.id, h, 0, 1, 1e6 + n * 500, CASE WHEN d.device_type = 'inverter' THEN NULL ELSE 5e5 + n * 200 END, h
       FROM devices d
       CROSS JOIN LATERAL (SELECT h, row_number() OVER () AS n
                           FROM generate_series($1::timestamptz, $2::timestamptz, interval '1 hour') h) hours`,
      [`${YEAR}-01-01T00:00:00Z`, `${YEAR}-12-31T23:00:00Z`],
    );
    const seedS = (Date.now() - seedStart) / 1000;
    // Issue 12: rows written in SQL bypass the writer, so their days are marked here and the daily and
    // monthly rollups built as the rollup job would (timed apart from the report).
    const rollStart = Date.now();
    await db.query(
      `INSERT INTO rollup_dirty (device_id, day)
       SELECT DISTINCT r.device_id, (r.bucket AT TIME ZONE s.time_zone)::date
       FROM telemetry_5min r JOIN devices d ON d.id = r.device_id JOIN stations s ON s.id = d.station_id
       ON CONFLICT DO NOTHING`,
    );
    while ((await refreshRollups(db, 20_000)) > 0) {
      // until every marked day is built
    }
    const rollupS = (Date.now() - rollStart) / 1000;
    const user = { userId: owner.id, sessionId: 0, loginName: owner.loginName, roles: [] };
    const t0 = Date.now();
    const report = await buildReport(db, user, { statisticsType: 3, searchDate: `${YEAR}-06-01` });
    const t1 = Date.now();
    const file = await reportWorkbook(report, 'en-US', 'Europe/Berlin');
    const t2 = Date.now();
    return {
      database: kind,
      sites: report.stationIds.length,
      'rollup rows': SITES * 3 * 8760,
      'seed s': seedS.toFixed(0),
      'rollup build s': rollupS.toFixed(0),
      'report s': ((t1 - t0) / 1000).toFixed(2),
      'xlsx s': ((t2 - t1) / 1000).toFixed(2),
      'total s': ((t2 - t0) / 1000).toFixed(2),
      'xlsx KB': (file.length / 1024).toFixed(0),
      target: '≤ 2 s',
      met: t2 - t0 <= 2000 ? 'yes' : 'no',
    };
  } finally {
    await bench.close();
  }
}

/** The report case on PGlite, and on PostgreSQL when DATABASE_URL is set. */
export async function runReportBench(): Promise<Row[]> {
  // BENCH_REPORT_PGLITE=off measures PostgreSQL alone (a 1,000-site PGlite fill takes many minutes).
  const rows = process.env.BENCH_REPORT_PGLITE === 'off' ? [] : [await runOne('PGlite')];
  if (process.env.DATABASE_URL) rows.push(await runOne('PostgreSQL'));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./table');
  printTable('Reports: all-sites yearly report and Excel file', await runReportBench());
  process.exit(0);
}
