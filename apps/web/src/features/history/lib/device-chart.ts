/**
 * Per-device chart (issue 8 §2, UX.md "Station, history" per-device chooser): which metrics a device
 * offers, their units, the session-stored choice per device (spec §3) and the ECharts option. Pure
 * apart from the storage helpers, which take the Storage to use.
 */
import { type DeviceLines, MAX_DEVICE_METRICS } from '@ems/contract/api/report';
import type { LineSeriesOption } from 'echarts/charts';
import { unitOfPoint } from '../../../shared/domain/point-label';
import { formatNumber, MISSING, NBSP } from '../../../shared/format/quantity';
import { formatClock } from '../../../shared/format/time';
import type { TodayChartOption } from '../../station/lib/today-chart-option';

/** Spec §5: a multi-select holds at most 5 metrics (the contract's cap, checked by device-lines too). */
export const MAX_METRICS = MAX_DEVICE_METRICS;

/** Session storage key of a device's chosen metrics. */
export const storageKey = (deviceId: number) => `ems.deviceChart.${deviceId}`;

/** Unit of a SunSpec-named point (moved to shared/domain/point-label.ts, used by the alarm rules too). */
export { unitOfPoint };

/** The numeric points of a device's live values, power and SOC first, then by name. */
export function metricOptions(points: Record<string, unknown> | undefined): string[] {
  const names = Object.entries(points ?? {})
    .filter(([, v]) => typeof v === 'number')
    .map(([k]) => k);
  const rank = (n: string) => (n === 'W' ? 0 : n === 'SoC' ? 1 : 2);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The device's stored choice, capped; `fallback` when nothing valid is stored. */
export function loadMetrics(
  storage: Pick<Storage, 'getItem'>,
  deviceId: number,
  fallback: string[],
): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKey(deviceId)) ?? 'null');
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((m) => typeof m === 'string')) {
      return parsed.slice(0, MAX_METRICS);
    }
  } catch {
    // a damaged entry is replaced on the next choice
  }
  return fallback.slice(0, MAX_METRICS);
}

/** Stores the device's choice (capped). */
export function saveMetrics(storage: Pick<Storage, 'setItem'>, deviceId: number, metrics: string[]): void {
  storage.setItem(storageKey(deviceId), JSON.stringify(metrics.slice(0, MAX_METRICS)));
}

/** Adds `metric` to a choice (first, keeping the cap) — what "chart this" does. */
export function withMetric(metrics: readonly string[], metric: string): string[] {
  return [metric, ...metrics.filter((m) => m !== metric)].slice(0, MAX_METRICS);
}

/**
 * The link that opens a device's chart with one metric chosen ("chart this" on a device-detail value):
 * /station?stationId=&deviceId=&metric=#device-chart.
 */
export function deviceChartHref(stationId: number, deviceId: number, metric: string): string {
  return `/station?stationId=${stationId}&deviceId=${deviceId}&metric=${encodeURIComponent(metric)}#device-chart`;
}

/**
 * ECharts option of a device's lines: one y axis per unit (the first on the left, others on the
 * right, offset), gaps kept, times in the site's zone; `nameOf` names each point in the legend and
 * tooltip (the viewer's language; the point's code by default).
 */
export function deviceChartOption(
  lines: DeviceLines,
  locale: string,
  nameOf: (key: string) => string = (key) => key,
): TodayChartOption {
  const units = [...new Set(lines.series.map((s) => unitOfPoint(s.key)))];
  const series: LineSeriesOption[] = lines.series.map((s) => ({
    id: s.key,
    name: nameOf(s.key),
    type: 'line',
    data: s.values,
    yAxisIndex: units.indexOf(unitOfPoint(s.key)),
    showSymbol: false,
    connectNulls: false,
  }));
  return {
    animation: false,
    grid: { left: 8, right: 8 + Math.max(0, units.length - 2) * 48, top: 52, bottom: 8, containLabel: true },
    legend: { top: 0, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) =>
        typeof v === 'number' ? formatNumber(v, locale, Math.abs(v) < 100 ? 1 : 0) : MISSING,
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      axisLabel: { hideOverlap: true, interval: 23 },
      data: lines.times.map((ts) => formatClock(ts, locale, lines.timeZone)),
    },
    yAxis: units.map((unit, i) => ({
      type: 'value' as const,
      name: unit || NBSP,
      position: i === 0 ? ('left' as const) : ('right' as const),
      offset: i < 2 ? 0 : (i - 1) * 48,
      splitLine: { show: i === 0, lineStyle: { type: 'dashed' as const } },
    })),
    series,
  };
}
