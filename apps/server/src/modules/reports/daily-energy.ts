/**
 * Energy of many sites per whole local day or month from the daily rollups (issue 12), summed per
 * site and period in the database, so a yearly report of 1,000 sites never moves one row per site and
 * day into Node. Each day row's figure is picked in SQL by the rule of
 * energy-source.ts (counter where read, plus the power before a counter's first reading; power
 * otherwise); today, still open, comes from the 5-minute rows.
 */
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import { localToday, nextDay } from '../../shared/zoned-time';
import { deriveTotals, sumByType } from '../telemetry/energy-flow';
import { round } from '../telemetry/power-unit';
import { loadRollupEnergy } from '../telemetry/rollup-read';
import { flushRollups } from '../telemetry/rollup-refresh';
import { mergeParts, type PeriodEnergy, partsOfTotals } from './period-parts';

const TYPES = ['inverter', 'meter', 'battery', 'charger', 'ups'] as const;

/** Most queries one read runs at once on PostgreSQL (measured with bench/reports.ts; the pool holds 10). */
const PARALLEL_SLICES = 4;

const pick = (dir: 'in' | 'out') =>
  `CASE WHEN d.${dir}_counter_wh IS NOT NULL
        THEN d.${dir}_counter_wh + CASE WHEN d.${dir}_whole THEN 0 ELSE coalesce(d.${dir}_power_before_wh, 0) END
        ELSE d.${dir}_power_wh END`;

/** The counters deriveTotals reads: e_out only of meters (sold) and batteries (discharged). */
const USED = TYPES.flatMap((t): [string, 'in' | 'out'][] =>
  t === 'meter' || t === 'battery'
    ? [
        [t, 'in'],
        [t, 'out'],
      ]
    : [[t, 'in']],
);

const COLUMNS = USED.map(
  ([t, dir]) => `sum(${pick(dir)}) FILTER (WHERE u.type = '${t}') AS "${t}_${dir}"`,
).join(',\n       ');

/** Wh → kWh to 1 Wh, half away from zero, in double precision: what power-unit.ts kwh() does. */
const kwhOf = (wh: string) => `(sign(${wh}) * floor(abs(${wh}) + 0.5) / 1000)`;

/**
 * Per site and day: each figure as deriveTotals gives it (kWh to 3 decimals, a type the site has
 * without a value makes it null, consumption floored at 0), computed once per day (MATERIALIZED: the
 * sums below read each several times); then per site and row (a day, or a month when `byMonth`) the
 * sums and the parts of period-parts.ts. $1..$4 are the devices (id, site, type, the site's today),
 * $5..$6 the first and last day.
 */
function periodSql(byMonth: boolean): string {
  const has = (t: string) => `bool_or(type = '${t}') AS "${t}"`;
  const missing = (t: string, dirs: readonly string[]) =>
    `(h."${t}" AND (${dirs.map((d) => `sd."${t}_${d}" IS NULL`).join(' OR ')}))`;
  const z = (col: string) => `coalesce(sd."${col}", 0)`;
  const typed = (t: string, col: string) => `CASE WHEN h."${t}" THEN ${kwhOf(`sd."${col}"`)} END`;
  const metered = 'buy IS NOT NULL AND sell IS NOT NULL';
  return `WITH u AS (SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::date[]) AS u(id, station_id, type, today)),
     h AS (SELECT station_id, ${TYPES.map(has).join(', ')} FROM u GROUP BY 1),
     sd AS (SELECT u.station_id, d.day,
              ${COLUMNS}
            FROM u JOIN energy_daily d ON d.device_id = u.id AND d.day >= $5::date AND d.day <= $6::date AND d.day < u.today
            GROUP BY 1, 2),
     t AS MATERIALIZED (SELECT sd.station_id, sd.day,
              ${typed('inverter', 'inverter_in')} AS prod,
              ${typed('meter', 'meter_in')} AS buy,
              ${typed('meter', 'meter_out')} AS sell,
              ${typed('battery', 'battery_in')} AS chg,
              ${typed('battery', 'battery_out')} AS dis,
              CASE WHEN h.inverter OR h.meter OR h.battery THEN
                     CASE WHEN ${missing('inverter', ['in'])} OR ${missing('meter', ['in', 'out'])} OR ${missing('battery', ['in', 'out'])}
                          THEN NULL
                          ELSE ${kwhOf(`greatest(0, ${z('inverter_in')} + ${z('meter_in')} - ${z('meter_out')} + ${z('battery_out')} - ${z('battery_in')})`)} END
                   WHEN NOT (h.charger OR h.ups) OR ${missing('charger', ['in'])} OR ${missing('ups', ['in'])} THEN NULL
                   ELSE ${kwhOf(`(${z('charger_in')} + ${z('ups_in')})`)} END AS cons
           FROM sd JOIN h ON h.station_id = sd.station_id)
     SELECT station_id AS "stationId", ${byMonth ? `date_trunc('month', day)::date::text` : 'day::text'} AS date,
       sum(prod) AS prod, sum(cons) AS cons, sum(buy) AS buy, sum(sell) AS sell, sum(chg) AS chg, sum(dis) AS dis,
       bool_or(${metered}) AS "meterAny",
       sum(sell) FILTER (WHERE ${metered}) AS "meterSell",
       sum(greatest(0, prod - sell)) FILTER (WHERE ${metered} AND prod IS NOT NULL) AS "selfUsed"
     FROM t GROUP BY 1, 2 ORDER BY 1, 2`;
}

type Sum = number | string | null;
interface PeriodRow {
  stationId: number;
  date: string;
  prod: Sum;
  cons: Sum;
  buy: Sum;
  sell: Sum;
  chg: Sum;
  dis: Sum;
  meterAny: boolean | null;
  meterSell: Sum;
  selfUsed: Sum;
}

/** A sum as a number rounded to 1 Wh (double sums carry float noise), null kept. */
const num = (v: Sum) => (v === null ? null : round(Number(v), 3));

function periodOf(r: PeriodRow): PeriodEnergy {
  return {
    date: r.date,
    label: '00:00',
    minuteOfDay: 0,
    totals: {
      productionKwh: num(r.prod),
      consumptionKwh: num(r.cons),
      gridBuyKwh: num(r.buy),
      gridSellKwh: num(r.sell),
      chargeKwh: num(r.chg),
      dischargeKwh: num(r.dis),
    },
    meter: {
      any: r.meterAny === true,
      sell: num(r.meterSell) ?? 0,
    },
    selfUsedKwh: num(r.selfUsed),
  };
}

/**
 * Energy of each site per local day `from`..`to` (`dates`, inclusive, ascending), or per month of
 * them when `byMonth` (dated the 1st), keyed by site id, in date order. Only periods with a figure are
 * listed (a period without any adds nothing to a report). The day and month sums, and the per-day
 * parts the ratios and savings need, are computed in the database: a yearly report of 1,000 sites
 * moves 12,000 rows into Node, not 365,000.
 */
export async function loadSitePeriods(
  db: DbHandle,
  sites: readonly { id: number; timeZone: string }[],
  devicesOf: ReadonlyMap<number, readonly { deviceId: number; deviceType: DeviceType }[]>,
  dates: readonly string[],
  byMonth: boolean,
): Promise<Map<number, PeriodEnergy[]>> {
  const out = new Map<number, PeriodEnergy[]>();
  if (sites.length === 0 || dates.length === 0) return out;
  const devices = sites.flatMap((s) =>
    (devicesOf.get(s.id) ?? []).map((d) => ({
      ...d,
      stationId: s.id,
      timeZone: s.timeZone,
      today: localToday(s.timeZone),
    })),
  );
  if (devices.length === 0) return out;
  await flushRollups(
    db,
    devices.map((d) => ({ deviceId: d.deviceId, before: d.today })),
  );
  // On PostgreSQL the sites are read in slices at once, one connection and core each (issue 8 §6:
  // 1,000 sites' year in ≤ 2 s); PGlite has one connection, so one query.
  const slices = db.kind === 'postgres' ? Math.min(PARALLEL_SLICES, Math.ceil(sites.length / 100)) : 1;
  const per = Math.ceil(sites.length / slices);
  const results = await Promise.all(
    Array.from({ length: slices }, (_, i) => {
      const ids = new Set(sites.slice(i * per, (i + 1) * per).map((s) => s.id));
      const part = devices.filter((d) => ids.has(d.stationId));
      return db.query<PeriodRow>(periodSql(byMonth), [
        part.map((d) => d.deviceId),
        part.map((d) => d.stationId),
        part.map((d) => d.deviceType),
        part.map((d) => d.today),
        dates[0],
        dates[dates.length - 1],
      ]);
    }),
  );
  for (const r of results.flatMap((res) => res.rows)) {
    const list = out.get(r.stationId) ?? [];
    list.push(periodOf(r));
    out.set(r.stationId, list);
  }
  await addToday(db, devices, dates, byMonth, out);
  return out;
}

/** Today, where it lies in the range and is still open: from the 5-minute rows, merged into its period. */
async function addToday(
  db: DbHandle,
  devices: readonly {
    deviceId: number;
    deviceType: DeviceType;
    stationId: number;
    timeZone: string;
    today: string;
  }[],
  dates: readonly string[],
  byMonth: boolean,
  out: Map<number, PeriodEnergy[]>,
): Promise<void> {
  const open = devices.filter((d) => d.today >= dates[0]! && d.today <= dates[dates.length - 1]!);
  for (const today of new Set(open.map((d) => d.today))) {
    const list = open.filter((d) => d.today === today);
    const live = await loadRollupEnergy(db, list, [today], nextDay(today));
    const bySite = Map.groupBy(
      live.devices.map((d, i) => ({ dev: list[i]!, eIn: d.eIn[0] ?? null, eOut: d.eOut[0] ?? null })),
      (r) => r.dev.stationId,
    );
    for (const [stationId, rows] of bySite) {
      const totals = deriveTotals({
        eIn: sumByType(rows.map((r) => ({ type: r.dev.deviceType, value: r.eIn }))),
        eOut: sumByType(rows.map((r) => ({ type: r.dev.deviceType, value: r.eOut }))),
      });
      if (Object.values(totals).every((v) => v === null)) continue;
      const date = byMonth ? `${today.slice(0, 7)}-01` : today;
      const day = partsOfTotals({ date, label: '00:00', minuteOfDay: 0, totals });
      const periods = out.get(stationId) ?? [];
      const i = periods.findIndex((p) => p.date === date);
      if (i >= 0) periods[i] = mergeParts(periods[i]!, day);
      else periods.push(day);
      out.set(stationId, periods);
    }
  }
}
