import type { Statistics } from '@ems/contract/api/station';
import type { BarSeriesOption } from 'echarts/charts';
import { describe, expect, it } from 'vitest';
import {
  type CompareSite,
  compareChartOption,
  SITE_COLORS,
  seriesNames,
  siteValues,
  unionLabels,
} from './compare-chart-option';

const figures = (productionKwh: number | null) => ({
  productionKwh,
  consumptionKwh: productionKwh === null ? null : productionKwh / 2,
  gridBuyKwh: null,
  gridSellKwh: null,
  chargeKwh: null,
  dischargeKwh: null,
});
const stats = (buckets: [string, number | null][]): Statistics => ({
  stationId: 1,
  statisticsType: 3,
  searchDate: '2026-01-01',
  buckets: buckets.map(([label, v]) => ({ label, start: `${label}-01T00:00:00.000Z`, ...figures(v) })),
  totals: figures(null),
  selfSufficiency: null,
  selfConsumption: null,
});
const a: CompareSite = {
  stationId: 1,
  name: 'Alpha',
  stats: stats([
    ['2026-01', 10],
    ['2026-02', null],
  ]),
};
const b: CompareSite = {
  stationId: 2,
  name: 'Beta',
  stats: stats([
    ['2026-02', 4],
    ['2026-03', 6],
  ]),
};

describe('unionLabels and siteValues', () => {
  it('matches buckets by label; a missing bucket stays empty, never 0', () => {
    const labels = unionLabels([b, a]);
    expect(labels).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(siteValues(a, 'productionKwh', labels)).toEqual([10, null, null]);
    expect(siteValues(b, 'consumptionKwh', labels)).toEqual([null, 2, 3]);
  });
});

describe('compareChartOption', () => {
  it('draws one bar series per site in its colour, totals in the legend', () => {
    const option = compareChartOption([a, b], 'productionKwh', 3, 'en-US');
    const series = option.series as BarSeriesOption[];
    expect(series.map((s) => s.name)).toEqual(['Alpha', 'Beta']);
    expect(series.map((s) => s.color)).toEqual([SITE_COLORS[0], SITE_COLORS[1]]);
    expect(series.map((s) => s.type)).toEqual(['bar', 'bar']);
    expect(series[1]?.data).toEqual([null, 4, 6]);
    const legend = option.legend as { data: string[]; formatter: (n: string) => string };
    expect(legend.data).toEqual(['Alpha', 'Beta']);
    expect(legend.formatter('Beta')).toBe('Beta 10.0\u00a0kWh');
    expect(legend.formatter('Alpha')).toBe('Alpha 10.0\u00a0kWh');
    expect((option.xAxis as { data: string[] }).data).toEqual(['Jan', 'Feb', 'Mar']);
  });

  it('uses MWh from 10 MWh and tells apart two sites of the same name', () => {
    const big: CompareSite = { stationId: 9, name: 'Alpha', stats: stats([['2026-01', 25_000]]) };
    const option = compareChartOption([a, big], 'productionKwh', 3, 'en-US');
    expect((option.yAxis as { name: string }).name).toBe('MWh');
    const series = option.series as BarSeriesOption[];
    expect(series.map((s) => s.name)).toEqual(['Alpha', 'Alpha (9)']);
    expect(series[1]?.data).toEqual([25, null]);
  });

  it('gives a site without any figure a dash in the legend', () => {
    const none: CompareSite = { stationId: 3, name: 'Empty', stats: stats([['2026-01', null]]) };
    const legend = compareChartOption([none], 'productionKwh', 3, 'en-US').legend as {
      formatter: (n: string) => string;
    };
    expect(legend.formatter('Empty')).toBe('Empty –');
  });
});

describe('seriesNames', () => {
  it('lists the drawn series in order', () => {
    expect(seriesNames(compareChartOption([b, a], 'productionKwh', 3, 'en-US'))).toEqual(['Beta', 'Alpha']);
  });
});
