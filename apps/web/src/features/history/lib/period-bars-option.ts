/**
 * ECharts option of the month/year/total energy bars (UX.md "Station, history"): two stacks per
 * period — production = direct consumption + charge + grid sell; consumption = direct consumption +
 * discharge + grid buy — each legend item carrying its period total, energies in one unit on the
 * axis, missing buckets left empty (never 0) and estimated buckets drawn hatched. Pure: data in,
 * option out.
 */
import type { Statistics } from '@ems/contract/api/station';
import type { BarSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { type EnergyUnit, energyUnitFor, formatNumber, MISSING, NBSP } from '../../../shared/format/quantity';
import { SERIES_COLORS } from '../../../shared/ui/series-colors';
import { isEstimated } from './estimated';

/** The option type of the parts echarts-setup registers. */
export type PeriodBarsOption = ComposeOption<
  BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

type Bucket = Statistics['buckets'][number];

/** Bar series keys in draw order; `direct` appears once per stack. */
export const BAR_KEYS = ['direct', 'charge', 'gridSell', 'discharge', 'gridBuy'] as const;
/** A bar series key. */
export type BarKey = (typeof BAR_KEYS)[number];

const ENERGY_DIVISOR: Record<EnergyUnit, number> = { kWh: 1, MWh: 1e3, GWh: 1e6 };

/**
 * Direct consumption of a bucket in kWh: production − charge − grid sell, floored at 0; null when
 * the bucket has no production figure (nothing to split).
 */
export function directConsumption(
  b: Pick<Bucket, 'productionKwh' | 'chargeKwh' | 'gridSellKwh'>,
): number | null {
  if (b.productionKwh === null) return null;
  return Math.max(0, b.productionKwh - (b.chargeKwh ?? 0) - (b.gridSellKwh ?? 0));
}

/** One bar series' per-bucket kWh values. */
export function barValues(key: BarKey, buckets: readonly Bucket[]): (number | null)[] {
  const pick: Record<BarKey, (b: Bucket) => number | null> = {
    direct: directConsumption,
    charge: (b) => b.chargeKwh,
    gridSell: (b) => b.gridSellKwh,
    discharge: (b) => b.dischargeKwh,
    gridBuy: (b) => b.gridBuyKwh,
  };
  return buckets.map(pick[key]);
}

/** Sum of the known values, null when none is known. */
export function sumKnown(values: readonly (number | null)[]): number | null {
  return values.reduce<number | null>((a, v) => (v === null ? a : (a ?? 0) + v), null);
}

/**
 * Short x labels: day of month for a month, month name for a year, the year for Total (the
 * server labels buckets `YYYY-MM-DD`, `YYYY-MM` or `YYYY`).
 */
export function bucketLabel(label: string, statisticsType: number, locale: string): string {
  if (statisticsType === 2) return String(Number(label.slice(8, 10)));
  if (statisticsType === 3) {
    const month = Number(label.slice(5, 7));
    return new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, month - 1, 1)),
    );
  }
  if (statisticsType === 1) return label.slice(11, 16) || label;
  return label;
}

const COLOR: Record<BarKey, string> = {
  direct: SERIES_COLORS.directConsumption,
  charge: SERIES_COLORS.charge,
  gridSell: SERIES_COLORS.gridSell,
  discharge: SERIES_COLORS.discharge,
  gridBuy: SERIES_COLORS.gridBuy,
};
const STACK: Record<BarKey, 'production' | 'consumption'> = {
  direct: 'production',
  charge: 'production',
  gridSell: 'production',
  discharge: 'consumption',
  gridBuy: 'consumption',
};

/**
 * Builds the option. `names` translates BAR_KEYS; series whose buckets are all unknown are left out
 * (an unsupported point hides its row). Legend items read "name 12.3 kWh" (period totals).
 */
export function periodBarsOption(
  stats: Statistics,
  names: Record<string, string>,
  locale: string,
): PeriodBarsOption {
  const values = Object.fromEntries(BAR_KEYS.map((k) => [k, barValues(k, stats.buckets)])) as Record<
    BarKey,
    (number | null)[]
  >;
  const shown = BAR_KEYS.filter((k) => values[k].some((v) => v !== null));
  const max = Math.max(0, ...shown.flatMap((k) => values[k].map((v) => Math.abs(v ?? 0))));
  const unit = energyUnitFor(max);
  const scale = (v: number | null) => (v === null ? null : v / ENERGY_DIVISOR[unit]);
  const nameOf = (k: BarKey) => names[k] ?? k;
  const totalText = new Map(
    shown.map((k) => {
      const total = scale(sumKnown(values[k]));
      return [nameOf(k), total === null ? MISSING : `${formatNumber(total, locale, 1)}${NBSP}${unit}`];
    }),
  );
  const estimated = stats.buckets.map(isEstimated);
  const series: BarSeriesOption[] = [];
  for (const k of shown) {
    // Direct consumption belongs to both stacks; the second copy shares its legend item.
    const stacks = k === 'direct' ? (['production', 'consumption'] as const) : [STACK[k]];
    for (const stack of stacks) {
      series.push({
        id: `${k}-${stack}`,
        name: nameOf(k),
        type: 'bar',
        stack,
        color: COLOR[k],
        barMaxWidth: 18,
        data: values[k].map((v, i) =>
          estimated[i]
            ? { value: scale(v), itemStyle: { opacity: 0.55, borderType: 'dashed', borderColor: COLOR[k] } }
            : scale(v),
        ),
      });
    }
  }
  return barsFrame({
    names: shown.map(nameOf),
    totals: totalText,
    valueText: (v) => `${formatNumber(v, locale, 1)}${NBSP}${unit}`,
    categories: stats.buckets.map((b) => bucketLabel(b.label, stats.statisticsType, locale)),
    unit,
    series,
  });
}

/**
 * The frame every energy bar chart of the history shares: totals in the legend (`totals` by series
 * name), an axis tooltip of `valueText`, the buckets as categories, `unit` on a dashed value axis.
 */
export function barsFrame(p: {
  names: string[];
  totals: ReadonlyMap<string, string>;
  valueText: (v: number) => string;
  categories: string[];
  unit: string;
  series: BarSeriesOption[];
}): PeriodBarsOption {
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 52, bottom: 8, containLabel: true },
    legend: {
      top: 0,
      type: 'scroll',
      data: p.names,
      formatter: (name: string) => `${name} ${p.totals.get(name) ?? MISSING}`,
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => (typeof v === 'number' ? p.valueText(v) : MISSING),
    },
    xAxis: { type: 'category', data: p.categories },
    yAxis: { type: 'value', name: p.unit, splitLine: { lineStyle: { type: 'dashed' } } },
    series: p.series,
  };
}
