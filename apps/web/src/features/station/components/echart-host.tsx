import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

/**
 * A chart box drawing an ECharts `option` (any builder's output). ECharts is imported on first use,
 * so it only loads on pages that draw charts; new options update the same chart (no remount, no
 * flicker). Used by today's power chart and the history and device charts.
 */
export function EChartHost({
  option,
  className,
  testId,
}: {
  option: EChartsCoreOption;
  className?: string;
  testId?: string;
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
    chart.current.setOption(option, { replaceMerge: ['series', 'yAxis', 'xAxis', 'legend'] });
  }, [ready, option]);

  return <div ref={host} className={className ?? 'power-chart'} data-testid={testId} />;
}
