/**
 * ECharts option of the history comparison (issue 24 item 16): one bar series per site of one energy
 * figure per bucket (an hour of a day, a day of a month, a month of a year). Sites may lie in different
 * time zones, so buckets are matched by their local label, not by instant; a bucket a site lacks stays
 * empty (never 0). Pure: data in, option out.
 */
import type { Statistics } from '@ems/contract/api/station';
import type { BarSeriesOption } from 'echarts/charts';
import { energyUnitFor, formatNumber, MISSING, NBSP } from '../../../shared/format/quantity';
import type { CompareMetric } from './compare-query';
import { barsFrame, bucketLabel, type PeriodBarsOption, sumKnown } from './period-bars-option';

/** One site's answer with the name it is shown by. */
export interface CompareSite {
  stationId: number;
  name: string;
  stats: Statistics;
}

/** Distinct colours for up to four sites (the cap), readable on white and apart for common colour blindness. */
export const SITE_COLORS = ['#1668dc', '#e8590c', '#2f9e44', '#9c36b5'] as const;

const DIVISOR = { kWh: 1, MWh: 1e3, GWh: 1e6 } as const;

/** Every bucket label of the sites, sorted (labels are `YYYY-MM-DD[THH:mm]`, `YYYY-MM`: text order is time order). */
export function unionLabels(sites: readonly CompareSite[]): string[] {
  return [...new Set(sites.flatMap((s) => s.stats.buckets.map((b) => b.label)))].sort();
}

/** One site's `metric` per label of `labels` in kWh, null where it has no bucket or no figure. */
export function siteValues(
  site: CompareSite,
  metric: CompareMetric,
  labels: readonly string[],
): (number | null)[] {
  const byLabel = new Map(site.stats.buckets.map((b) => [b.label, b[metric]]));
  return labels.map((l) => byLabel.get(l) ?? null);
}

/**
 * Builds the option: x = the buckets of the period (`statisticsType` 1..3), one bar series per site in
 * the given order and colour, the axis in one unit (kWh, MWh from 10 MWh), each legend item carrying
 * the site's period total of `metric`.
 */
export function compareChartOption(
  sites: readonly CompareSite[],
  metric: CompareMetric,
  statisticsType: number,
  locale: string,
): PeriodBarsOption {
  const labels = unionLabels(sites);
  const values = sites.map((s) => siteValues(s, metric, labels));
  const unit = energyUnitFor(Math.max(0, ...values.flat().map((v) => Math.abs(v ?? 0))));
  const scale = (v: number | null) => (v === null ? null : v / DIVISOR[unit]);
  const withUnit = (v: number | null) =>
    v === null ? MISSING : `${formatNumber(v, locale, 1)}${NBSP}${unit}`;
  // Two sites may share a name: the legend keys on a name, so a repeat gets its id.
  const names = sites.map((s, i) =>
    sites.findIndex((o) => o.name === s.name) === i ? s.name : `${s.name} (${s.stationId})`,
  );
  const totals = new Map(names.map((n, i) => [n, withUnit(scale(sumKnown(values[i] ?? [])))]));
  const series: BarSeriesOption[] = sites.map((s, i) => ({
    id: `site-${s.stationId}`,
    name: names[i],
    type: 'bar',
    color: SITE_COLORS[i % SITE_COLORS.length],
    barMaxWidth: 18,
    data: (values[i] ?? []).map(scale),
  }));
  return barsFrame({
    names,
    totals,
    valueText: withUnit,
    categories: labels.map((l) => bucketLabel(l, statisticsType, locale)),
    unit,
    series,
  });
}

/** Names of the series an option draws, in order (the chart's accessible label lists them). */
export function seriesNames(option: PeriodBarsOption): string[] {
  const series = option.series;
  return (Array.isArray(series) ? series : series ? [series] : []).map((s) => String(s.name ?? ''));
}
