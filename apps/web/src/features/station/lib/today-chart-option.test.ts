import type { Lines } from '@ems/contract/api/station';
import type { LineSeriesOption } from 'echarts/charts';
import { describe, expect, it } from 'vitest';
import { SERIES_COLORS } from '../../../shared/ui/series-colors';
import { labelInterval, todayChartOption, tooltipValue } from './today-chart-option';

const lines: Lines = {
  stationId: 1,
  deviceId: null,
  searchDate: '2026-11-21',
  timeZone: 'Europe/Prague',
  times: ['2026-11-21T10:00:00Z', '2026-11-21T10:05:00Z', '2026-11-21T10:10:00Z'],
  series: [
    { key: 'production', unit: 'kW', values: [3.2, null, 3.4] },
    { key: 'gridSell', unit: 'kW', values: [1.1, null, 1.0] },
    { key: 'soc', unit: '%', values: [55, 56, null] },
  ],
};
const names = { production: 'Production', gridSell: 'Grid sell', soc: 'SOC' };

describe('todayChartOption', () => {
  const option = todayChartOption(lines, names, 'en-US');
  const series = option.series as LineSeriesOption[];

  it('draws every series in its shared colour and translated name', () => {
    expect(series.map((s) => s.color)).toEqual([
      SERIES_COLORS.production,
      SERIES_COLORS.gridSell,
      SERIES_COLORS.soc,
    ]);
    expect(series.map((s) => s.name)).toEqual(['Production', 'Grid sell', 'SOC']);
  });

  it('puts SOC dashed on a 0–100 % right axis', () => {
    const soc = series[2]!;
    expect(soc.yAxisIndex).toBe(1);
    expect(soc.lineStyle?.type).toBe('dashed');
    expect(option.yAxis).toEqual([
      expect.objectContaining({ name: 'kW' }),
      expect.objectContaining({ name: '%', min: 0, max: 100 }),
    ]);
  });

  it('keeps gaps as gaps', () => {
    expect(series[0]!.data).toEqual([3.2, null, 3.4]);
    expect(series.every((s) => s.connectNulls === false)).toBe(true);
  });

  it('labels times in the site time zone', () => {
    expect(option.xAxis).toMatchObject({ data: ['11:00', '11:05', '11:10'] });
  });
});

describe('tooltipValue', () => {
  it('formats by unit and shows gaps as a dash', () => {
    expect(tooltipValue(3.25, 'kW', 'en-US')).toBe('3.3\u00a0kW');
    expect(tooltipValue(812.4, 'W', 'en-US')).toBe('812\u00a0W');
    expect(tooltipValue(55.2, '%', 'pt-BR')).toBe('55\u00a0%');
    expect(tooltipValue(null, 'kW', 'en-US')).toBe('–');
  });
});

describe('labelInterval', () => {
  it('labels every second hour whatever the bucket size', () => {
    const at = (min: number) => new Date(Date.UTC(2026, 10, 21, 0, min)).toISOString();
    expect(labelInterval([at(0), at(5), at(10)])).toBe(23);
    expect(labelInterval([at(0), at(15)])).toBe(7);
    expect(labelInterval([at(0), at(60)])).toBe(1);
    expect(labelInterval([at(0)])).toBe(0);
  });
});

describe('todayChartOption without SOC', () => {
  it('draws no right axis', () => {
    const option = todayChartOption({ ...lines, series: lines.series.slice(0, 2) }, names, 'en-US');
    expect(option.yAxis).toHaveLength(1);
  });
});
