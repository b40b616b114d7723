import { DiffOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Statistics } from '@ems/contract/api/station';
import { Button, Card, DatePicker, Empty, Segmented, Skeleton, Space, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { energyFormatter, formatPercent } from '../../../shared/format/quantity';
import { dayPickerFormat } from '../../../shared/format/time';
import { QueryError } from '../../../shared/ui/query-error';
import { EChartHost } from '../../station/components/echart-host';
import { todayChartOption } from '../../station/lib/today-chart-option';
import { useDayLines, useFirstDataDay, useStatistics } from '../api/get-statistics';
import { compareHref } from '../lib/compare-query';
import { isEstimated } from '../lib/estimated';
import { BAR_KEYS, periodBarsOption } from '../lib/period-bars-option';
import {
  canGoBack,
  canGoForward,
  clampToToday,
  isLocalDate,
  PERIODS,
  type Period,
  periodParam,
  shiftPeriod,
} from '../lib/period-nav';

const LINE_KEYS = [
  'production',
  'consumption',
  'gridBuy',
  'gridSell',
  'charge',
  'discharge',
  'charging',
  'soc',
];
const PICKER = { 1: 'date', 2: 'month', 3: 'year', 4: 'year' } as const;
const TOTAL_KEYS = [
  'productionKwh',
  'consumptionKwh',
  'gridBuyKwh',
  'gridSellKwh',
  'chargeKwh',
  'dischargeKwh',
] as const;

/** The period's name in "no data for …": the day, the month, the year, or all time. */
function periodName(period: Period, date: string, allTime: string): string {
  if (period === 1) return date;
  if (period === 2) return date.slice(0, 7);
  if (period === 3) return date.slice(0, 4);
  return allTime;
}

const anyEnergy = (s: Statistics) => s.buckets.some((b) => TOTAL_KEYS.some((k) => b[k] !== null));

/**
 * Station history (UX.md "Station, history"): Day | Month | Year | Total with ‹ › arrows, a date
 * picker and "today", kept in the page's query as statisticsType and searchDate (spec §3). Day draws
 * power lines with SOC dashed on a right axis (the station page's only power chart: on today it
 * refreshes every 5 s); the others draw the two energy stacks per bucket.
 * Totals above the chart come from the same statistics answer as the bars. "Compare" opens
 * /history/compare with this site, period and date chosen (issue 24 item 16).
 */
export function HistoryCard({
  stationId,
  today,
  locale,
}: {
  stationId: number;
  /** The site-local today, `YYYY-MM-DD`. */
  today: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const period = periodParam(params.get('statisticsType'));
  const raw = params.get('searchDate');
  const date = clampToToday(isLocalDate(raw) ? raw : today, today);
  const stats = useStatistics(stationId, period, date);
  const lines = useDayLines(stationId, period === 1 ? date : null, undefined, date === today);
  const first = useFirstDataDay(stationId, today);

  const go = (nextPeriod: Period, nextDate: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('statisticsType', String(nextPeriod));
        next.set('searchDate', clampToToday(nextDate, today));
        return next;
      },
      { replace: true },
    );

  const lineNames = useMemo(
    () => Object.fromEntries(LINE_KEYS.map((k) => [k, t(`station.series.${k}`)])),
    [t],
  );
  const barNames = useMemo(() => Object.fromEntries(BAR_KEYS.map((k) => [k, t(`history.series.${k}`)])), [t]);
  const option = useMemo(() => {
    if (period === 1) return lines.data ? todayChartOption(lines.data, lineNames, locale) : null;
    return stats.data ? periodBarsOption(stats.data, barNames, locale) : null;
  }, [period, lines.data, stats.data, lineNames, barNames, locale]);

  const data = stats.data;
  const failed = period === 1 ? lines.isError && !lines.data : stats.isError && !data;
  const hasData =
    period === 1
      ? Boolean(lines.data?.series.some((s) => s.values.some((v) => v !== null)))
      : Boolean(data && anyEnergy(data));
  const estimated = Boolean(data && (isEstimated(data.totals) || data.buckets.some(isEstimated)));
  const energy = energyFormatter(data ? TOTAL_KEYS.map((k) => data.totals[k]) : [], locale);

  return (
    <Card
      title={t('history.title')}
      className="chart-card history-card"
      extra={
        <Space wrap>
          <Segmented<Period>
            value={period}
            onChange={(p) => go(p, date)}
            options={PERIODS.map((p) => ({ value: p, label: t(`history.period.${p}`) }))}
          />
          <Button
            icon={<LeftOutlined />}
            aria-label={t('history.previous')}
            disabled={!canGoBack(period, date, first.data ?? null)}
            onClick={() => go(period, shiftPeriod(period, date, -1))}
          />
          {period !== 4 && (
            <DatePicker
              picker={PICKER[period]}
              format={dayPickerFormat(PICKER[period], locale)}
              value={dayjs(date)}
              allowClear={false}
              disabledDate={(d) => d.format('YYYY-MM-DD') > today}
              onChange={(d) => d && go(period, d.format('YYYY-MM-DD'))}
              aria-label={t('history.pickDate')}
            />
          )}
          <Button
            icon={<RightOutlined />}
            aria-label={t('history.next')}
            disabled={!canGoForward(period, date, today)}
            onClick={() => go(period, shiftPeriod(period, date, 1))}
          />
          <Button onClick={() => go(period, today)}>{t('history.today')}</Button>
          <Button icon={<DiffOutlined />} onClick={() => navigate(compareHref(stationId, period, date))}>
            {t('history.compare.open')}
          </Button>
        </Space>
      }
    >
      {data && anyEnergy(data) && (
        <Space wrap size="large" className="history-totals" data-testid="history-totals">
          {TOTAL_KEYS.filter((k) => data.totals[k] !== null).map((k) => (
            <Statistic key={k} title={t(`history.totals.${k}`)} value={energy(data.totals[k])} />
          ))}
          <Statistic
            title={t('history.totals.selfSufficiency')}
            value={formatPercent(data.selfSufficiency, locale)}
          />
          <Statistic
            title={t('history.totals.selfConsumption')}
            value={formatPercent(data.selfConsumption, locale)}
          />
          {estimated && (
            <Tag color="gold" title={t('history.estimatedHint')}>
              {t('history.estimated')}
            </Tag>
          )}
        </Space>
      )}
      {failed ? (
        <QueryError error={period === 1 ? lines.error : stats.error} />
      ) : !option ? (
        <Skeleton active />
      ) : hasData ? (
        <EChartHost option={option} testId="history-chart" timingName="station-history" />
      ) : (
        <Empty description={t('history.noData', { date: periodName(period, date, t('history.allTime')) })} />
      )}
    </Card>
  );
}
