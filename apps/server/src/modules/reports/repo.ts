/** Tariffs, CO2 factors and group members for reports (issue 8), raw SQL on the report tables. */
import type { DbHandle } from '../../db/client';
import type { TariffPeriod, TariffRule } from './tariff';

/** Tariffs of the sites that have one, by station id. */
export async function loadTariffs(
  db: DbHandle,
  stationIds: readonly number[],
): Promise<Map<number, TariffRule>> {
  const res = await db.query<{
    stationId: number;
    buyPrice: number;
    feedInPrice: number;
    periods: TariffPeriod[];
  }>(
    `SELECT station_id AS "stationId", buy_price AS "buyPrice", feed_in_price AS "feedInPrice", periods
     FROM station_tariffs WHERE station_id = ANY($1::int[])`,
    [stationIds],
  );
  return new Map(res.rows.map((r) => [r.stationId, { ...r, periods: r.periods ?? [] }]));
}

/** Sets a site's tariff (insert or replace). */
export async function saveTariff(db: DbHandle, stationId: number, t: TariffRule): Promise<void> {
  await db.query(
    `INSERT INTO station_tariffs (station_id, buy_price, feed_in_price, periods, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, now())
     ON CONFLICT (station_id) DO UPDATE
       SET buy_price = $2, feed_in_price = $3, periods = $4::jsonb, updated_at = now()`,
    [stationId, t.buyPrice, t.feedInPrice, JSON.stringify(t.periods)],
  );
}

/** The administrator's CO2 factors, kg/kWh by country. */
export async function loadCo2Factors(db: DbHandle): Promise<Map<string, number>> {
  const res = await db.query<{ country: string; kgPerKwh: number }>(
    'SELECT country, kg_per_kwh AS "kgPerKwh" FROM co2_factors',
  );
  return new Map(res.rows.map((r) => [r.country, r.kgPerKwh]));
}

/** Sets one country's CO2 factor. */
export async function saveCo2Factor(db: DbHandle, country: string, kgPerKwh: number): Promise<void> {
  await db.query(
    `INSERT INTO co2_factors (country, kg_per_kwh, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (country) DO UPDATE SET kg_per_kwh = $2, updated_at = now()`,
    [country, kgPerKwh],
  );
}

/** Drops the administrator's factor of `country`; the default (if any) applies again. */
export async function deleteCo2Factor(db: DbHandle, country: string): Promise<void> {
  await db.query('DELETE FROM co2_factors WHERE country = $1', [country]);
}

/**
 * Station ids under the user's group `groupId`, or null when the group is not the user's. The
 * default group holds the given `visible` sites that sit in no other group of the user.
 */
export async function groupStationIds(
  db: DbHandle,
  userId: number,
  groupId: number,
  visible: readonly number[],
): Promise<number[] | null> {
  const group = await db.query<{ isDefault: boolean }>(
    'SELECT is_default AS "isDefault" FROM station_groups WHERE id = $1 AND owner_id = $2',
    [groupId, userId],
  );
  const row = group.rows[0];
  if (!row) return null;
  const placed = await db.query<{ stationId: number; groupId: number }>(
    'SELECT station_id AS "stationId", group_id AS "groupId" FROM group_stations WHERE user_id = $1',
    [userId],
  );
  const groupOf = new Map(placed.rows.map((r) => [r.stationId, r.groupId]));
  return visible.filter((id) => {
    const g = groupOf.get(id);
    return g === undefined ? row.isDefault : g === groupId;
  });
}
