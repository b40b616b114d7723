/**
 * Reading back solar charging's daily energy (issue 33, docs/ocpp.md "Solar charging"): table
 * charger_solar_days, one row per charger and local day (YYYY-MM-DD in the site's time zone), written by
 * each site step (repo.ts writeSolarStep).
 */
import type { ChargerSurplus } from '@ems/contract/api/report';
import type { DbHandle } from '../../../db/client';

/**
 * kWh charger `deviceId` charged under solar control on the local days from..to (inclusive, YYYY-MM-DD),
 * the part from surplus and its share (%, one decimal; null when nothing was charged); null when the
 * charger has no day in the period.
 */
export async function surplusOfDays(
  db: DbHandle,
  deviceId: number,
  from: string,
  to: string,
): Promise<ChargerSurplus | null> {
  const res = await db.query<{ chargedWh: number | null; solarWh: number | null; days: number }>(
    `SELECT sum(charged_wh)::float8 AS "chargedWh", sum(solar_wh)::float8 AS "solarWh", count(*)::int AS days
     FROM charger_solar_days WHERE device_id = $1 AND day >= $2 AND day <= $3`,
    [deviceId, from, to],
  );
  const row = res.rows[0];
  if (!row || row.days === 0) return null;
  const charged = row.chargedWh ?? 0;
  const solar = row.solarWh ?? 0;
  return {
    chargedKwh: Math.round(charged) / 1000,
    surplusKwh: Math.round(solar) / 1000,
    share: charged > 0 ? Math.round((solar / charged) * 1000) / 10 : null,
  };
}
