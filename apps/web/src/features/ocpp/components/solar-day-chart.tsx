/**
 * The Chargers card's day chart (issue 33, docs/ocpp.md "Solar charging"): today's PV, grid buy and sell
 * and the chargers' power together, from the site's day lines (station/lines, the history card's query and
 * chart builder), on the site's clock. "No data today" when none of them has a value yet; an error, not that,
 * when the lines could not be loaded.
 */

import { Empty, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../shared/ui/query-error';
import { useDayLines } from '../../history/api/get-statistics';
import { EChartHost } from '../../station/components/echart-host';
import { todayChartOption } from '../../station/lib/today-chart-option';

/** The series the chart draws: PV, grid, charging. */
export const SOLAR_CHART_KEYS = ['production', 'gridBuy', 'gridSell', 'charging'] as const;

/** Today's chart of site `stationId`; `today` is the site-local date (YYYY-MM-DD). */
export function SolarDayChart(props: { stationId: number; today: string; locale: string }) {
  const { t } = useTranslation();
  const lines = useDayLines(props.stationId, props.today, undefined, true);
  const names = useMemo(
    () => Object.fromEntries(SOLAR_CHART_KEYS.map((k) => [k, t(`station.series.${k}`)])),
    [t],
  );
  const shown = useMemo(() => {
    if (!lines.data) return null;
    const keys: readonly string[] = SOLAR_CHART_KEYS;
    return { ...lines.data, series: lines.data.series.filter((s) => keys.includes(s.key)) };
  }, [lines.data]);
  const option = useMemo(
    () => (shown ? todayChartOption(shown, names, props.locale) : null),
    [shown, names, props.locale],
  );
  if (lines.isPending) return <Skeleton.Node active style={{ width: '100%', height: 220 }} />;
  const hasData = Boolean(shown?.series.some((s) => s.values.some((v) => v !== null)));
  return (
    <div className="ocpp-solar-chart" data-testid="solar-day-chart">
      <div className="ocpp-solar-chart-title">{t('ocpp.solar.chartTitle')}</div>
      {lines.isError && !lines.data ? (
        <QueryError error={lines.error} />
      ) : option && hasData ? (
        <EChartHost
          option={option}
          className="ocpp-solar-chart-box"
          testId="solar-day-chart-canvas"
          label={shown?.series.map((s) => names[s.key]).join(', ')}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ocpp.solar.chartEmpty')} />
      )}
    </div>
  );
}
