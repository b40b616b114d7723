/**
 * The history comparison's page query (issue 24 item 16): `/history/compare?stationIds=1&stationIds=2
 * &statisticsType=2&searchDate=2026-11-25&metric=productionKwh`. Ids are read with the contract's
 * CompareSitesSchema (bounds.ts ids, at most MAX_COMPARE_SITES = 4); a link naming more keeps the first
 * four and reports how many it left out, so the page can say so. Pure: URLSearchParams in, value out.
 */

import { idParam } from '@ems/contract/api/common';
import { CompareSitesSchema, MAX_COMPARE_SITES } from '@ems/contract/api/station';
import { isLocalDate, type Period } from './period-nav';

/** Periods the comparison offers: Day, Month, Year (Total has no common calendar across sites). */
export type ComparePeriod = Exclude<Period, 4>;
/** Day | Month | Year in switch order. */
export const COMPARE_PERIODS: readonly ComparePeriod[] = [1, 2, 3];

/** Energy figures (kWh per bucket) the chart can compare, one bar series per site. */
export const COMPARE_METRICS = ['productionKwh', 'consumptionKwh', 'gridBuyKwh', 'gridSellKwh'] as const;
/** One comparable figure, named as in the statistics answer. */
export type CompareMetric = (typeof COMPARE_METRICS)[number];

/** What the page query says, already checked. */
export interface CompareQuery {
  /** Chosen sites in the order chosen, unique, at most MAX_COMPARE_SITES. */
  stationIds: number[];
  /** How many further valid ids the link named beyond the cap (left out). */
  dropped: number;
  period: ComparePeriod;
  /** `YYYY-MM-DD`, or null when absent or not a calendar date (the page then uses today). */
  searchDate: string | null;
  metric: CompareMetric;
}

/** True when `ids` is a selection the comparison accepts (the contract's cap rule). */
export function isAllowedSelection(ids: readonly number[]): boolean {
  return CompareSitesSchema.safeParse(ids).success;
}

/**
 * Reads the page query: invalid ids (not whole numbers 1..INT32_MAX) and repeats are skipped; past the
 * cap the first MAX_COMPARE_SITES are kept. An unknown period is Month, an unknown metric production.
 */
export function parseCompareQuery(params: URLSearchParams): CompareQuery {
  const ids: number[] = [];
  for (const raw of params.getAll('stationIds').flatMap((v) => v.split(','))) {
    const id = idParam.safeParse(raw.trim());
    if (id.success && !ids.includes(id.data)) ids.push(id.data);
  }
  const stationIds = isAllowedSelection(ids) ? ids : ids.slice(0, MAX_COMPARE_SITES);
  const type = Number(params.get('statisticsType'));
  const metric = params.get('metric');
  const date = params.get('searchDate');
  return {
    stationIds,
    dropped: ids.length - stationIds.length,
    period: type === 1 || type === 3 ? type : 2,
    searchDate: isLocalDate(date) ? date : null,
    metric: COMPARE_METRICS.find((m) => m === metric) ?? 'productionKwh',
  };
}

/** The page query of `value` (the date left out when null), ids as repeated keys. */
export function compareSearch(value: Omit<CompareQuery, 'dropped'>): URLSearchParams {
  const out = new URLSearchParams();
  for (const id of value.stationIds) out.append('stationIds', String(id));
  out.set('statisticsType', String(value.period));
  if (value.searchDate) out.set('searchDate', value.searchDate);
  out.set('metric', value.metric);
  return out;
}

/**
 * Link to the comparison starting from one site's history: that site chosen, the history's period
 * (Total becomes Year) and date.
 */
export function compareHref(stationId: number, period: Period, searchDate: string): string {
  const search = compareSearch({
    stationIds: [stationId],
    period: period === 4 ? 3 : period,
    searchDate,
    metric: 'productionKwh',
  });
  return `/history/compare?${search}`;
}
