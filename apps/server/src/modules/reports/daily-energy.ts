/**
 * Energy of many sites per whole local day from the daily rollups (issue 12), summed per site, day
 * and device type in the database (one row per site and day), so a yearly report of 1,000 sites never
 * moves one row per device and day into Node. Each day row's figure is picked in SQL by the rule of
 * energy-source.ts (counter where read, plus the power before a counter's first reading; power
 * otherwise); today, still open, comes from the 5-minute rows.
 */
import type { EnergyTotals } from '@ems/contract/api/station';
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import { localToday } from '../../shared/zoned-time';
import { deriveTotals, type TypeSums } from '../telemetry/energy-flow';
import { loadRollupEnergy } from '../telemetry/rollup-read';
import { flushRollups, nextDay } from '../telemetry/rollup-refresh';

const TYPES = ['inverter', 'meter', 'battery', 'charger', 'ups'] as const;

const pick = (dir: 'in' | 'out') =>
  `CASE WHEN d.${dir}_counter_wh IS NOT NULL
        THEN d.${dir}_counter_wh + CASE WHEN d.${dir}_whole THEN 0 ELSE coalesce(d.${dir}_power_before_wh, 0) END
        ELSE d.${dir}_power_wh END`;

const COLUMNS = TYPES.flatMap((t) =>
  (['in', 'out'] as const).map((dir) => `sum(${pick(dir)}) FILTER (WHERE u.type = '${t}') AS "${t}_${dir}"`),
).join(',\n       ');

/**
 * Totals of each site for every local day `from`..`to` (inclusive, ascending in the result), keyed by
 * site id; a type present on a site with no figure that day is null (as sumByType gives).
 */
export async function loadDailySiteEnergy(
  db: DbHandle,
  sites: readonly { id: number; timeZone: string }[],
  devicesOf: ReadonlyMap<number, readonly { deviceId: number; deviceType: DeviceType }[]>,
  dates: readonly string[],
): Promise<Map<number, { date: string; totals: EnergyTotals }[]>> {
  const out = new Map<number, { date: string; totals: EnergyTotals }[]>();
  if (sites.length === 0 || dates.length === 0) return out;
  const devices = sites.flatMap((s) =>
    (devicesOf.get(s.id) ?? []).map((d) => ({
      ...d,
      stationId: s.id,
      timeZone: s.timeZone,
      today: localToday(s.timeZone),
    })),
  );
  await flushRollups(
    db,
    devices.map((d) => ({ deviceId: d.deviceId, before: d.today })),
  );
  const res = await db.query<Record<string, number | null> & { stationId: number; day: string }>(
    `WITH u AS (SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::date[]) AS u(id, station_id, type, today))
     SELECT u.station_id AS "stationId", d.day::text AS day,
       ${COLUMNS}
     FROM u JOIN energy_daily d ON d.device_id = u.id AND d.day >= $5::date AND d.day <= $6::date AND d.day < u.today
     GROUP BY 1, 2`,
    [
      devices.map((d) => d.deviceId),
      devices.map((d) => d.stationId),
      devices.map((d) => d.deviceType),
      devices.map((d) => d.today),
      dates[0],
      dates[dates.length - 1],
    ],
  );
  const sums = new Map<
    string,
    { eIn: Partial<Record<string, number | null>>; eOut: Partial<Record<string, number | null>> }
  >();
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  for (const r of res.rows) {
    const eIn: Partial<Record<string, number | null>> = {};
    const eOut: Partial<Record<string, number | null>> = {};
    for (const t of TYPES) {
      eIn[t] = num(r[`${t}_in`]);
      eOut[t] = num(r[`${t}_out`]);
    }
    sums.set(`${r.stationId}|${r.day}`, { eIn, eOut });
  }
  // Today, where it lies in the range: live from the 5-minute rows.
  const open = devices.filter((d) => d.today >= dates[0]! && d.today <= dates[dates.length - 1]!);
  for (const today of new Set(open.map((d) => d.today))) {
    const list = open.filter((d) => d.today === today);
    const live = await loadRollupEnergy(db, list, [today], nextDay(today));
    live.devices.forEach((d, i) => {
      const dev = list[i]!;
      const key = `${dev.stationId}|${today}`;
      const acc = sums.get(key) ?? { eIn: {}, eOut: {} };
      const add = (m: Partial<Record<string, number | null>>, v: number | null) => {
        const cur = m[dev.deviceType] ?? null;
        m[dev.deviceType] = v === null ? cur : (cur ?? 0) + v;
      };
      add(acc.eIn, d.eIn[0] ?? null);
      add(acc.eOut, d.eOut[0] ?? null);
      sums.set(key, acc);
    });
  }
  for (const s of sites) {
    const types = [...new Set((devicesOf.get(s.id) ?? []).map((d) => d.deviceType))];
    out.set(
      s.id,
      dates.map((date) => {
        const found = sums.get(`${s.id}|${date}`);
        const eIn: TypeSums = {};
        const eOut: TypeSums = {};
        for (const t of types) {
          eIn[t] = found?.eIn[t] ?? null;
          eOut[t] = found?.eOut[t] ?? null;
        }
        return { date, totals: deriveTotals({ eIn, eOut }) };
      }),
    );
  }
  return out;
}
