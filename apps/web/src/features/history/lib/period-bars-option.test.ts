import type { Statistics } from '@ems/contract/api/station';
import type { BarSeriesOption } from 'echarts/charts';
import { describe, expect, it } from 'vitest';
import { SERIES_COLORS } from '../../../shared/ui/series-colors';
import { isEstimated } from './estimated';
import { bucketLabel, directConsumption, periodBarsOption } from './period-bars-option';

const empty = {
  productionKwh: null,
  consumptionKwh: null,
  gridBuyKwh: null,
  gridSellKwh: null,
  chargeKwh: null,
  dischargeKwh: null,
};
const stats: Statistics = {
  stationId: 1,
  statisticsType: 2,
  searchDate: '2026-10-05',
  buckets: [
    {
      label: '2026-10-01',
      start: '2026-09-30T22:00:00.000Z',
      productionKwh: 20,
      consumptionKwh: 15,
      gridBuyKwh: 3,
      gridSellKwh: 6,
      chargeKwh: 4,
      dischargeKwh: 2,
    },
    { label: '2026-10-02', start: '2026-10-01T22:00:00.000Z', ...empty },
    {
      label: '2026-10-03',
      start: '2026-10-02T22:00:00.000Z',
      productionKwh: 10,
      consumptionKwh: 12,
      gridBuyKwh: 5,
      gridSellKwh: 1,
      chargeKwh: 2,
      dischargeKwh: 0,
      estimated: true,
    } as Statistics['buckets'][number],
  ],
  totals: { ...empty },
  selfSufficiency: null,
  selfConsumption: null,
};
const names = {
  direct: 'Direct',
  charge: 'Charge',
  gridSell: 'Sell',
  discharge: 'Discharge',
  gridBuy: 'Buy',
};

describe('periodBarsOption', () => {
  const option = periodBarsOption(stats, names, 'en-US');
  const series = option.series as BarSeriesOption[];
  const byId = (id: string) => series.find((s) => s.id === id)!;

  it('stacks production = direct + charge + sell and consumption = direct + discharge + buy', () => {
    expect(series.filter((s) => s.stack === 'production').map((s) => s.name)).toEqual([
      'Direct',
      'Charge',
      'Sell',
    ]);
    expect(series.filter((s) => s.stack === 'consumption').map((s) => s.name)).toEqual([
      'Direct',
      'Discharge',
      'Buy',
    ]);
    expect(byId('direct-production').data?.[0]).toBe(10);
    expect(byId('direct-consumption').color).toBe(SERIES_COLORS.directConsumption);
    expect(byId('gridBuy-consumption').color).toBe(SERIES_COLORS.gridBuy);
  });

  it('leaves an empty day empty, never 0', () => {
    expect(byId('charge-production').data?.[1]).toBeNull();
    expect(byId('direct-production').data?.[1]).toBeNull();
  });

  it('shows each period total in the legend, in the axis unit', () => {
    const legend = option.legend as { formatter: (n: string) => string; data: string[] };
    expect(legend.data).toEqual(['Direct', 'Charge', 'Sell', 'Discharge', 'Buy']);
    expect(legend.formatter('Direct')).toBe('Direct 17.0\u00a0kWh');
    expect(legend.formatter('Buy')).toBe('Buy 8.0\u00a0kWh');
    expect(option.yAxis).toMatchObject({ name: 'kWh' });
  });

  it('draws estimated buckets hatched', () => {
    expect(byId('gridBuy-consumption').data?.[2]).toMatchObject({ value: 5, itemStyle: { opacity: 0.55 } });
    expect(byId('gridBuy-consumption').data?.[0]).toBe(3);
  });

  it('moves the axis to MWh for a large fleet year', () => {
    const big = {
      ...stats,
      buckets: [{ ...stats.buckets[0]!, productionKwh: 25_000, gridSellKwh: 0, chargeKwh: 0 }],
    };
    const o = periodBarsOption(big, names, 'en-US');
    expect(o.yAxis).toMatchObject({ name: 'MWh' });
    expect((o.series as BarSeriesOption[])[0]!.data?.[0]).toBe(25);
  });

  it('hides series the site cannot report', () => {
    const noBattery = {
      ...stats,
      buckets: stats.buckets.map((b) => ({ ...b, chargeKwh: null, dischargeKwh: null })),
    };
    const ids = (periodBarsOption(noBattery, names, 'en-US').series as BarSeriesOption[]).map((s) => s.id);
    expect(ids).not.toContain('charge-production');
    expect(ids).not.toContain('discharge-consumption');
  });
});

describe('helpers', () => {
  it('splits direct consumption off production, floored at 0', () => {
    expect(directConsumption({ productionKwh: 5, chargeKwh: 4, gridSellKwh: 3 })).toBe(0);
    expect(directConsumption({ productionKwh: null, chargeKwh: 4, gridSellKwh: 3 })).toBeNull();
  });
  it('labels buckets by period', () => {
    expect(bucketLabel('2026-10-07', 2, 'en-US')).toBe('7');
    expect(bucketLabel('2026-03', 3, 'en-US')).toBe('Mar');
    expect(bucketLabel('2026', 4, 'en-US')).toBe('2026');
  });
  it('reads either form of the estimated mark', () => {
    expect(isEstimated({ estimated: true })).toBe(true);
    expect(isEstimated({ source: 'power' })).toBe(true);
    expect(isEstimated({ source: 'counter' })).toBe(false);
    expect(isEstimated({})).toBe(false);
  });
});
