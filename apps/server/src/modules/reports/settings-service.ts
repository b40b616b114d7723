/** Tariffs (owner-set) and CO2 factors (administrator-set) of reports (issue 8 §3). */
import type { Tariff } from '@ems/contract/api/report';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { requireAdmin } from '../access/require-admin';
import { requireOwnedStation, requireStationAccess } from '../access/station-access';
import { deleteCo2Factor, loadCo2Factors, loadTariffs, saveCo2Factor, saveTariff } from './repo';
import { CO2_DEFAULTS, type TariffPeriod } from './tariff';

/**
 * A site's tariff with its currency; `set` false (prices 0) when the owner has not set one.
 * @throws AppError noPermission for a site the caller may not view.
 */
export async function getTariff(db: DbHandle, user: SessionUser, stationId: number): Promise<Tariff> {
  const station = await requireStationAccess(db, user, stationId);
  const t = (await loadTariffs(db, [station.id])).get(station.id);
  const base = { stationId: station.id, currency: station.currency };
  return t
    ? { ...base, set: true, ...t, periods: [...t.periods] }
    : { ...base, set: false, buyPrice: 0, feedInPrice: 0, periods: [] };
}

/**
 * Sets a site's tariff.
 * @throws AppError noPermission unless the caller owns the site.
 */
export async function setTariff(
  db: DbHandle,
  user: SessionUser,
  body: { stationId: number; buyPrice: number; feedInPrice: number; periods: TariffPeriod[] },
): Promise<Tariff> {
  const station = await requireOwnedStation(db, user, body.stationId);
  await saveTariff(db, station.id, body);
  return {
    stationId: station.id,
    currency: station.currency,
    set: true,
    buyPrice: body.buyPrice,
    feedInPrice: body.feedInPrice,
    periods: body.periods,
  };
}

/** Every country with a default or an administrator's factor, by country code. */
export async function listCo2Factors(db: DbHandle) {
  const custom = await loadCo2Factors(db);
  const countries = [...new Set([...Object.keys(CO2_DEFAULTS), ...custom.keys()])].sort();
  return countries.map((country) => ({
    country,
    kgPerKwh: custom.get(country) ?? CO2_DEFAULTS[country]!,
    custom: custom.has(country),
  }));
}

/**
 * Sets one country's factor.
 * @throws AppError noPermission for anyone but an administrator.
 */
export async function editCo2Factor(
  db: DbHandle,
  user: SessionUser,
  body: { country: string; kgPerKwh: number },
): Promise<void> {
  requireAdmin(user);
  await saveCo2Factor(db, body.country, body.kgPerKwh);
}

/**
 * Drops one country's administrator factor, so its default (or the general 0.4 kg/kWh) applies again.
 * @throws AppError noPermission for anyone but an administrator.
 */
export async function resetCo2Factor(db: DbHandle, user: SessionUser, country: string): Promise<void> {
  requireAdmin(user);
  await deleteCo2Factor(db, country);
}

/** The user's time zone (files show "created on" in it), UTC when unset. */
export async function userTimeZone(db: DbHandle, userId: number): Promise<string> {
  const res = await db.query<{ timeZone: string }>(
    'SELECT time_zone AS "timeZone" FROM users WHERE id = $1',
    [userId],
  );
  return res.rows[0]?.timeZone ?? 'UTC';
}
