import type { Lines } from '@ems/contract/api/station';
import { useMemo } from 'react';
import { todayChartOption } from '../lib/today-chart-option';
import { EChartHost } from './echart-host';

/** Today's power chart; later answers update the same chart (EChartHost). `names` translates the series keys. */
export function TodayPowerChart({
  lines,
  names,
  locale,
}: {
  lines: Lines;
  names: Record<string, string>;
  locale: string;
}) {
  const option = useMemo(() => todayChartOption(lines, names, locale), [lines, names, locale]);
  return <EChartHost option={option} />;
}
