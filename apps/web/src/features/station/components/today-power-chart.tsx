import type { Lines } from '@ems/contract/api/station';
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { todayChartOption } from '../lib/today-chart-option';

/**
 * Today's power chart. ECharts is loaded on first use; later answers update the same chart with
 * setOption (no remount, no flicker). `names` translates the series keys.
 */
export function TodayPowerChart({
  lines,
  names,
  locale,
}: {
  lines: Lines;
  names: Record<string, string>;
  locale: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    import('../lib/echarts-setup').then(({ init }) => {
      if (cancelled || !host.current) return;
      chart.current = init(host.current, undefined, { renderer: 'canvas' });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(host.current);
      setReady(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.setOption(todayChartOption(lines, names, locale), { replaceMerge: ['series', 'yAxis'] });
  }, [ready, lines, names, locale]);

  return <div ref={host} className="power-chart" />;
}
