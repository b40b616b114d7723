/**
 * ECharts option of today's power chart (UX.md "Station, history" Day): power lines on the left axis,
 * SOC dashed on a 0–100 % right axis (only when the site has SOC), colours shared with the flow diagram, gaps left as gaps. Pure:
 * data in, option out, so it is tested without a browser.
 */
import type { Lines } from '@ems/contract/api/station';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatNumber, MISSING, NBSP } from '../../../shared/format/quantity';
import { formatSiteTime } from '../../../shared/format/site-clock';
import { formatClock } from '../../../shared/format/time';
import { SERIES_COLORS, type SeriesColorKey } from '../../../shared/ui/series-colors';

/** The option type of the parts echarts-setup registers. */
export type TodayChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

const COLOR_OF: Record<string, SeriesColorKey> = {
  production: 'production',
  consumption: 'consumption',
  gridBuy: 'gridBuy',
  gridSell: 'gridSell',
  charge: 'charge',
  discharge: 'discharge',
  charging: 'charging',
  soc: 'soc',
};

/** Decimals per unit as the formatter rules say: W 0, kW and MW 1, % 0. */
function decimalsOf(unit: string): number {
  return unit === 'kW' || unit === 'MW' ? 1 : 0;
}

/** One tooltip line's value: "4.2 kW", "–" for a gap. */
export function tooltipValue(value: unknown, unit: string, locale: string): string {
  return typeof value === 'number'
    ? `${formatNumber(value, locale, decimalsOf(unit))}${NBSP}${unit}`
    : MISSING;
}

/** A day chart labels every second hour: 12 labels over a full day. */
const LABEL_EVERY_HOURS = 2;

/**
 * Category-axis label interval that puts labels on whole hours (every LABEL_EVERY_HOURS): with
 * 5-minute buckets, every 24th bucket. Days start at local midnight, so bucket 0 is on the hour.
 */
export function labelInterval(times: readonly string[]): number {
  if (times.length < 2) return 0;
  const bucketMin = Math.max(1, Math.round((Date.parse(times[1]!) - Date.parse(times[0]!)) / 60_000));
  const perHour = Math.max(1, Math.round(60 / bucketMin));
  return LABEL_EVERY_HOURS * perHour - 1;
}

/**
 * Builds the option. `names` translates series keys (unknown keys show as they are); times are
 * labelled in the site's time zone.
 */
export function todayChartOption(
  lines: Lines,
  names: Record<string, string>,
  locale: string,
): TodayChartOption {
  const power = lines.series.filter((s) => s.key !== 'soc');
  const hasSoc = power.length < lines.series.length;
  const powerUnit = power[0]?.unit ?? 'W';
  const unitOf = new Map(lines.series.map((s) => [names[s.key] ?? s.key, s.unit]));
  const series: LineSeriesOption[] = lines.series.map((s) => {
    const isSoc = s.key === 'soc';
    const colorKey = COLOR_OF[s.key];
    const color = colorKey ? SERIES_COLORS[colorKey] : undefined;
    return {
      id: s.key,
      name: names[s.key] ?? s.key,
      type: 'line',
      data: s.values,
      yAxisIndex: isSoc ? 1 : 0,
      showSymbol: false,
      connectNulls: false,
      color,
      lineStyle: { width: isSoc ? 1.5 : 2, type: isSoc ? 'dashed' : 'solid' },
      areaStyle: s.key === 'production' ? { opacity: 0.12 } : undefined,
    };
  });
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 52, bottom: 8, containLabel: true },
    legend: { top: 0, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const items = Array.isArray(params) ? params : [params];
        // The site's clock, its zone named when the viewer's differs (issue 34 item 1).
        const at = items[0]?.dataIndex === undefined ? undefined : lines.times[items[0].dataIndex];
        const head = at === undefined ? '' : formatSiteTime(at, locale, lines.timeZone, { style: 'clock' });
        const rows = items.map(
          (p) =>
            `${p.marker ?? ''} ${p.seriesName ?? ''}: <b>${tooltipValue(p.value, unitOf.get(p.seriesName ?? '') ?? '', locale)}</b>`,
        );
        return [head, ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      axisLabel: { hideOverlap: true, interval: labelInterval(lines.times) },
      data: lines.times.map((ts) => formatClock(ts, locale, lines.timeZone)),
    },
    yAxis: [
      { type: 'value', name: powerUnit, splitLine: { lineStyle: { type: 'dashed' } } },
      ...(hasSoc
        ? [{ type: 'value' as const, name: '%', min: 0, max: 100, interval: 25, splitLine: { show: false } }]
        : []),
    ],
    series,
  };
}
