import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

/** Name of the User Timing mark set when a new option has been drawn (detail: the chart's timingName). */
export const CHART_DRAWN_MARK = 'echart-drawn';

/**
 * A chart box drawing an ECharts `option` (any builder's output). ECharts is imported on first use,
 * so it only loads on pages that draw charts; new options update the same chart (no remount, no
 * flicker). Used by today's power chart and the history and device charts.
 */
export function EChartHost({
  option,
  className,
  testId,
  timingName,
  label,
}: {
  option: EChartsCoreOption;
  className?: string;
  testId?: string;
  /** When set, each new option's first drawing sets a CHART_DRAWN_MARK with this detail. */
  timingName?: string;
  /** Text naming what the chart shows (its series), read by screen readers: the box becomes an image. */
  label?: string;
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
    const c = chart.current;
    if (!ready || !c) return;
    if (timingName) {
      // bench/history-render.ts measures from the data's arrival to this mark (issue 8 §6).
      const drawn = () => {
        c.off('rendered', drawn);
        performance.mark(CHART_DRAWN_MARK, { detail: timingName });
      };
      c.off('rendered');
      c.on('rendered', drawn);
    }
    c.setOption(option, { replaceMerge: ['series', 'yAxis', 'xAxis', 'legend'] });
  }, [ready, option, timingName]);

  const box = className ?? 'power-chart';
  return label ? (
    <div ref={host} className={box} data-testid={testId} role="img" aria-label={label} />
  ) : (
    <div ref={host} className={box} data-testid={testId} />
  );
}
