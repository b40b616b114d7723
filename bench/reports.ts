/**
 * Issue 8 §6: the all-sites yearly report and its Excel file for 1,000 sites (target ≤ 2 s for the
 * file). Each site has an inverter, a meter and a battery with counter readings every 6 hours over the
 * year (written in SQL: 3,000 devices × 1,460 readings), one owner, one flat tariff each. The report
 * reads the daily rollups (one row per device and day, 1,095,000 here), so how often the counters
 * were read does not change its work; 6 hours keeps the fill to minutes (hourly rows took 17 min).
 */

import { reportWorkbook } from '../apps/server/src/modules/reports/export-file';
import { buildReportOfSites } from '../apps/server/src/modules/reports/report-service';
import { refreshRollups } from '../apps/server/src/modules/telemetry/rollup-refresh';
import { buildUser } from '../apps/server/src/test/factories';
import { type BenchDbKind, openBenchDb } from './harness';
import { startBenchHeapRelease } from './heap-release-watch';
import type { Row } from './table';

const SITES = Number(process.env.BENCH_REPORT_SITES ?? 1000);
// A 1,000-site year on PGlite takes far longer to fill than to report on; it measures 100 by default.
const PGLITE_SITES = Number(process.env.BENCH_REPORT_PGLITE_SITES ?? 100);
const YEAR = new Date().getUTCFullYear() - 1;

async function runOne(kind: BenchDbKind, sites: number): Promise<Row> {
  const bench = await openBenchDb(kind, 'reports');
  const { db } = bench;
  const heapRelease = startBenchHeapRelease();
  try {
    const owner = await buildUser(db, { loginName: 'bench_reports' });
    const seedStart = Date.now();
    await db.query(
      `INSERT INTO stations (name, address, longitude, latitude, capacity_kw, system_type, template_code,
                             owner_id, time_zone, country)
       SELECT 'Bench ' || g, 'Bench street ' || g, 13.4, 52.5, 10, 6, 'storage', $1,
              (ARRAY['Europe/Berlin','Asia/Shanghai','America/Sao_Paulo'])[1 + g % 3], 'DE'
       FROM generate_series(1, $2::int) g`,
      [owner.id, sites],
    );
    await db.query(
      `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash)
       SELECT s.id, t.kind, 'BR-' || s.id || '-' || t.kind, t.kind, 'x'
       FROM stations s CROSS JOIN (VALUES ('inverter'), ('meter'), ('battery')) t(kind)`,
    );
    await db.query(
      `INSERT INTO station_tariffs (station_id, buy_price, feed_in_price) SELECT id, 0.3, 0.08 FROM stations`,
    );
    // Readings every 6 hours: counters climb by a fixed amount per step (e_in, a little more on some
    // devices so sites differ) and e_out.
    await db.query(
      `INSERT INTO telemetry_5min (device_id, bucket, w_sum, w_count, e_in_max, e_out_max, last_ts)
       SELECT d.id, h, 0, 1, 1e6 + n * 3000 + (d.id % 7) * n,
              CASE WHEN d.device_type = 'inverter' THEN NULL ELSE 5e5 + n * 1200 END, h
       FROM devices d
       CROSS JOIN LATERAL (SELECT h, row_number() OVER () AS n
                           FROM generate_series($1::timestamptz, $2::timestamptz, interval '6 hours') h) hours`,
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
    // Statistics as autovacuum would have them after such a fill.
    await db.query('VACUUM ANALYZE');
    const user = { userId: owner.id, sessionId: 0, loginName: owner.loginName, roles: [] };
    // Three runs: the first (cold caches) and the median; each is report + file, as the export route does.
    const runs: { report: number; xlsx: number; kb: number; sites: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      const { report, stations } = await buildReportOfSites(db, user, {
        statisticsType: 3,
        searchDate: `${YEAR}-06-01`,
      });
      const t1 = Date.now();
      const file = await reportWorkbook(report, stations, 'en-US', 'Europe/Berlin');
      runs.push({
        report: t1 - t0,
        xlsx: Date.now() - t1,
        kb: file.length / 1024,
        sites: report.stationIds.length,
      });
    }
    const total = (r: (typeof runs)[number]) => r.report + r.xlsx;
    const median = [...runs].sort((a, b) => total(a) - total(b))[1]!;
    const s = (ms: number) => (ms / 1000).toFixed(2);
    return {
      database: kind,
      sites: median.sites,
      'daily rollup rows': sites * 3 * 365,
      'seed s': seedS.toFixed(0),
      'rollup build s': rollupS.toFixed(0),
      'first run s': s(total(runs[0]!)),
      'report s': s(median.report),
      'xlsx s': s(median.xlsx),
      'total s': s(total(median)),
      'xlsx KB': median.kb.toFixed(0),
      target: '≤ 2 s',
      met: total(median) <= 2000 ? 'yes' : 'no',
      'heap releases (longest pause)': heapRelease.summary(),
    };
  } finally {
    heapRelease.stop();
    await bench.close();
  }
}

/** The report case on PGlite, and on PostgreSQL when DATABASE_URL is set. */
export async function runReportBench(): Promise<Row[]> {
  // BENCH_REPORT_PGLITE=off measures PostgreSQL alone (a 1,000-site PGlite fill takes many minutes).
  const rows = process.env.BENCH_REPORT_PGLITE === 'off' ? [] : [await runOne('PGlite', PGLITE_SITES)];
  if (process.env.DATABASE_URL) rows.push(await runOne('PostgreSQL', SITES));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./table');
  printTable('Reports: all-sites yearly report and Excel file', await runReportBench());
  process.exit(0);
}
