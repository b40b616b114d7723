/**
 * GET /owner_api/webpvesc/ajax/station/statistics (contract StatisticsSchema): energy buckets of a
 * site's day, month, year or all years, with totals and self ratios.
 */
import type { Statistics } from '@ems/contract/api/station';
import { REFRESH_INTERVAL_MS } from '@ems/contract/constants';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { getLines } from '../../station/api/get-lines';
import type { Period } from '../lib/period-nav';

/** Reads statistics of the period of type `statisticsType` holding `searchDate`. */
export function getStatistics(
  stationId: number,
  statisticsType: Period,
  searchDate: string,
  signal?: AbortSignal,
): Promise<Statistics> {
  return api.get<Statistics>(
    '/webpvesc/ajax/station/statistics',
    { stationId, statisticsType, searchDate },
    signal,
  );
}

/** Past periods do not change; the current one is refreshed once a minute (not every 5 s: it is energy). */
export function statisticsQueryOptions(stationId: number, period: Period, searchDate: string) {
  return queryOptions({
    queryKey: ['stations', 'statistics', stationId, period, searchDate],
    queryFn: ({ signal }) => getStatistics(stationId, period, searchDate, signal),
    staleTime: 60_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Statistics of one period; idle while the date is unknown. */
export function useStatistics(stationId: number, period: Period, searchDate: string | null) {
  return useQuery({
    ...statisticsQueryOptions(stationId, period, searchDate ?? ''),
    enabled: searchDate !== null,
  });
}

/**
 * Statistics of several sites for one period (the history comparison, issue 24 item 16): one
 * station/statistics call per site, so the server checks access to each id as for a single site; one
 * result per id, in order. A changed period shows loading, not the old period's buckets.
 */
export function useSitesStatistics(stationIds: readonly number[], period: Period, searchDate: string) {
  return useQueries({
    queries: stationIds.map((id) => ({
      ...statisticsQueryOptions(id, period, searchDate),
      placeholderData: undefined,
    })),
  });
}

/**
 * Power lines of a past or current day (of one device when `deviceId` is given), one read a minute;
 * `live` (the site's today on the station page, which has no other power chart) reads them at the
 * interface's 5-s refresh instead.
 */
export function useDayLines(stationId: number, searchDate: string | null, deviceId?: number, live = false) {
  const every = live ? REFRESH_INTERVAL_MS : 60_000;
  return useQuery({
    queryKey: ['stations', 'history-lines', stationId, searchDate, deviceId ?? null],
    queryFn: ({ signal }) => getLines(stationId, searchDate ?? '', signal, deviceId),
    enabled: searchDate !== null,
    staleTime: every,
    refetchInterval: every,
    placeholderData: keepPreviousData,
  });
}

const hasEnergy = (b: Statistics['buckets'][number]) =>
  [b.productionKwh, b.consumptionKwh, b.gridBuyKwh, b.gridSellKwh, b.chargeKwh, b.dischargeKwh].some(
    (v) => v !== null,
  );

/**
 * The site's first local day with energy data, narrowed from Total (first year) to that year (first
 * month) to that month (first day): three cached reads. Null while unknown or when there is no data.
 */
export async function getFirstDataDay(
  stationId: number,
  today: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const total = await getStatistics(stationId, 4, today, signal);
  const year = total.buckets.find(hasEnergy);
  if (!year) return null;
  const months = await getStatistics(stationId, 3, `${year.label}-01-01`, signal);
  const month = months.buckets.find(hasEnergy);
  if (!month) return null;
  const days = await getStatistics(stationId, 2, `${month.label}-01`, signal);
  return days.buckets.find(hasEnergy)?.label ?? null;
}

/** First data day of a site (see getFirstDataDay); read once per page. */
export function useFirstDataDay(stationId: number, today: string | null) {
  return useQuery({
    queryKey: ['stations', 'first-data-day', stationId],
    queryFn: ({ signal }) => getFirstDataDay(stationId, today ?? '', signal),
    enabled: today !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
