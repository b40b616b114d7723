/**
 * Reports of a site, a group or all of the caller's sites (issue 8 §3): which sites, which local
 * days, then the figures from their hourly energy. Every id named is checked through station-access.
 */
import type { Report, ReportQuery } from '@ems/contract/api/report';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';
import { datesBetween } from '../../shared/zoned-time';
import { accessibleStationIds, requireStationsAccess, type StationRow } from '../access/station-access';
import { loadHourlyEnergy } from './hourly-energy';
import { groupStationIds, loadCo2Factors, loadTariffs } from './repo';
import { reportFigures } from './report-figures';
import { CO2_DEFAULTS, DEFAULT_CO2_KG_PER_KWH } from './tariff';

const pad = (n: number) => String(n).padStart(2, '0');

/** First and last local day of the day (1), month (2) or year (3) holding `date`. */
export function reportRange(statisticsType: number, date: string): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number);
  if (statisticsType === 1) return { from: date, to: date };
  if (statisticsType === 2) {
    const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
    return { from: `${y}-${pad(m!)}-01`, to: `${y}-${pad(m!)}-${pad(last)}` };
  }
  return { from: `${y}-01-01`, to: `${y}-12-31` };
}

/**
 * The sites of the query: the named ids (each checked), the caller's group, or every site the
 * caller may view.
 * @throws AppError noPermission for a site or group that is not the caller's.
 */
export async function reportStations(db: DbHandle, user: SessionUser, q: ReportQuery): Promise<StationRow[]> {
  if (q.stationIds && q.stationIds.length > 0) return requireStationsAccess(db, user, q.stationIds);
  const visible = await accessibleStationIds(db, user);
  if (q.groupId !== undefined) {
    const ids = await groupStationIds(db, user.userId, q.groupId, visible);
    if (ids === null) throw noPermission();
    return requireStationsAccess(db, user, ids);
  }
  return requireStationsAccess(db, user, visible);
}

/** Every row of a month (its days) or year (its months) report, shown even without figures. */
function rowKeysOf(statisticsType: number, from: string, to: string): string[] {
  if (statisticsType === 2) return datesBetween(from, to);
  if (statisticsType === 3) return Array.from({ length: 12 }, (_, i) => `${from.slice(0, 4)}-${pad(i + 1)}`);
  return [];
}

/** Builds the report of the query (figures of all chosen sites summed per row). */
export async function buildReport(db: DbHandle, user: SessionUser, q: ReportQuery): Promise<Report> {
  return (await buildReportOfSites(db, user, q)).report;
}

/** The report of the query and its sites (the export names them and cuts times in their zones). */
export async function buildReportOfSites(
  db: DbHandle,
  user: SessionUser,
  q: ReportQuery,
): Promise<{ report: Report; stations: StationRow[] }> {
  const stations = await reportStations(db, user, q);
  const { from, to } = reportRange(q.statisticsType, q.searchDate);
  const ids = stations.map((s) => s.id);
  const [tariffs, factors] = await Promise.all([loadTariffs(db, ids), loadCo2Factors(db)]);
  // Hours matter for a day's rows and for time-of-use prices; other sites are read per day or month.
  const byHour = Map.groupBy(
    stations,
    (s) => q.statisticsType === 1 || (tariffs.get(s.id)?.periods.length ?? 0) > 0,
  );
  const hourlySites = byHour.get(true) ?? [];
  const dailySites = byHour.get(false) ?? [];
  const [hourlyPart, dailyPart] = await Promise.all([
    loadHourlyEnergy(db, hourlySites, from, to),
    loadHourlyEnergy(db, dailySites, from, to, q.statisticsType === 3 ? 'month' : 'day'),
  ]);
  const hourly = new Map([...hourlyPart, ...dailyPart]);
  const currencies = new Set(stations.filter((s) => tariffs.has(s.id)).map((s) => s.currency));
  const currency = currencies.size === 1 ? [...currencies][0]! : null;
  const moneyNote = currencies.size === 0 ? 'noTariff' : currencies.size > 1 ? 'mixedCurrencies' : null;
  const figures = reportFigures(
    q.statisticsType,
    stations.map((s) => ({
      hours: hourly.get(s.id) ?? [],
      capacityKw: s.capacityKw,
      tariff: tariffs.get(s.id) ?? null,
      co2KgPerKwh: factors.get(s.country) ?? CO2_DEFAULTS[s.country] ?? DEFAULT_CO2_KG_PER_KWH,
    })),
    currency !== null,
    rowKeysOf(q.statisticsType, from, to),
  );
  const report: Report = {
    statisticsType: q.statisticsType,
    searchDate: q.searchDate,
    from,
    to,
    stationIds: ids,
    capacityKwp: Number(stations.reduce((a, s) => a + s.capacityKw, 0).toFixed(3)),
    currency,
    moneyNote,
    sitesWithoutTariff: stations.filter((s) => !tariffs.has(s.id)).length,
    ...figures,
  };
  return { report, stations };
}
