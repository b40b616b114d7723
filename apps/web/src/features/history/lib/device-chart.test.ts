import type { DeviceLines } from '@ems/contract/api/report';
import type { LineSeriesOption } from 'echarts/charts';
import { describe, expect, it } from 'vitest';
import {
  deviceChartHref,
  deviceChartOption,
  loadMetrics,
  metricOptions,
  saveMetrics,
  unitOfPoint,
  withMetric,
} from './device-chart';

describe('device chart', () => {
  it('knows the unit of common SunSpec points', () => {
    expect(
      ['W', 'SoC', 'PhVphA', 'AphB', 'TmpCab', 'Hz', 'WH', 'TotWhImp', 'DCV', 'St'].map(unitOfPoint),
    ).toEqual(['W', '%', 'V', 'A', '°C', 'Hz', 'Wh', 'Wh', 'V', '']);
  });

  it('offers the numeric points, power and SOC first', () => {
    expect(metricOptions({ TmpCab: 30, St: 'ON', SoC: 50, W: 10, AphA: 2 })).toEqual([
      'W',
      'SoC',
      'AphA',
      'TmpCab',
    ]);
  });

  it('keeps the choice per device in session storage, capped at 5', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(loadMetrics(storage, 7, ['W'])).toEqual(['W']);
    saveMetrics(storage, 7, ['a', 'b', 'c', 'd', 'e', 'f']);
    expect(loadMetrics(storage, 7, ['W'])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(loadMetrics(storage, 8, ['W'])).toEqual(['W']);
    store.set('ems.deviceChart.9', '{broken');
    expect(loadMetrics(storage, 9, ['SoC'])).toEqual(['SoC']);
  });

  it('puts a "chart this" metric first and builds its link', () => {
    expect(withMetric(['W', 'SoC', 'a', 'b', 'c'], 'AphA')).toEqual(['AphA', 'W', 'SoC', 'a', 'b']);
    expect(deviceChartHref(3, 12, 'PhVphA')).toBe(
      '/station?stationId=3&deviceId=12&metric=PhVphA#device-chart',
    );
  });

  it('gives each unit its own axis and keeps gaps', () => {
    const lines: DeviceLines = {
      stationId: 1,
      deviceId: 2,
      searchDate: '2026-06-10',
      timeZone: 'UTC',
      times: ['2026-06-10T10:00:00Z', '2026-06-10T10:05:00Z'],
      series: [
        { key: 'PhVphA', values: [230, null] },
        { key: 'PhVphB', values: [231, 229] },
        { key: 'AphA', values: [4.2, null] },
      ],
    };
    const option = deviceChartOption(lines, 'en-US');
    const series = option.series as LineSeriesOption[];
    expect(series.map((s) => s.yAxisIndex)).toEqual([0, 0, 1]);
    expect(option.yAxis).toEqual([
      expect.objectContaining({ name: 'V', position: 'left' }),
      expect.objectContaining({ name: 'A', position: 'right' }),
    ]);
    expect(series[0]!.data).toEqual([230, null]);
    expect(option.xAxis).toMatchObject({ data: ['10:00', '10:05'] });
  });
});
