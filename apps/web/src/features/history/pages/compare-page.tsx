import { MAX_COMPARE_SITES } from '@ems/contract/api/station';
import { Alert, Card, DatePicker, Empty, Segmented, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dayPickerFormat } from '../../../shared/format/time';
import { errorText } from '../../../shared/http/api-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { useGroupTree } from '../../fleet/api/fleet-api';
import { EChartHost } from '../../station/components/echart-host';
import { useSitesStatistics } from '../api/get-statistics';
import { CompareSiteSelect } from '../components/compare-site-select';
import { CompareTotals } from '../components/compare-totals';
import '../components/compare.css';
import { type CompareSite, compareChartOption, seriesNames } from '../lib/compare-chart-option';
import {
  COMPARE_METRICS,
  COMPARE_PERIODS,
  type CompareMetric,
  type ComparePeriod,
  type CompareQuery,
  compareSearch,
  parseCompareQuery,
} from '../lib/compare-query';
import { siteChoices } from '../lib/compare-sites';
import { clampToToday } from '../lib/period-nav';

const PICKER = { 1: 'date', 2: 'month', 3: 'year' } as const;

/**
 * /history/compare (issue 24 item 16): up to 4 sites the caller can see, Day | Month | Year and a date,
 * one energy figure drawn as a bar series per site, and a totals row per site. Everything chosen lives
 * in the page query (compare-query.ts), so a link or reload shows the same comparison; a link naming
 * more than 4 sites shows the first 4 and says so. Each site is read with its own statistics call, so a
 * site the caller may not see answers 无操作权限 for that site alone. Dates are the browser's calendar
 * days, read in each site's own zone by the server.
 */
export function ComparePage() {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const [params, setParams] = useSearchParams();
  const query = parseCompareQuery(params);
  const today = dayjs().format('YYYY-MM-DD');
  const date = clampToToday(query.searchDate ?? today, today);
  const tree = useGroupTree();
  const choices = siteChoices(tree.data ?? [], query.stationIds, locale, (id) =>
    t('history.compare.unknownSite', { id }),
  );
  const results = useSitesStatistics(query.stationIds, query.period, date);

  const change = (patch: Partial<Omit<CompareQuery, 'dropped'>>) =>
    setParams(compareSearch({ ...query, searchDate: date, ...patch }), { replace: true });

  const nameOf = (id: number) => choices.find((c) => c.value === id)?.label ?? String(id);
  const failed = query.stationIds.flatMap((stationId, i) => {
    const r = results[i];
    return r?.isError && !r.data
      ? [{ stationId, text: errorText(r.error, t('common.errors.tryLater')) }]
      : [];
  });
  const pending = results.some((r) => r.isPending);
  // The sites' answers and names as text: the chart is rebuilt when one of them changes, not on every
  // render (each new option redraws the chart).
  const names = query.stationIds.map(nameOf).join('\n');
  const stamps = results.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: names and stamps stand for the answers read.
  const { loaded, option } = useMemo(() => {
    const sites: CompareSite[] = query.stationIds.flatMap((stationId, i) => {
      const data = results[i]?.data;
      return data ? [{ stationId, name: nameOf(stationId), stats: data }] : [];
    });
    return {
      loaded: sites,
      option: sites.length > 0 ? compareChartOption(sites, query.metric, query.period, locale) : null,
    };
  }, [names, stamps, query.metric, query.period, locale]);

  return (
    <div className="page compare-page">
      <Card title={t('history.compare.title')} className="compare-card">
        <div className="compare-filters">
          <CompareSiteSelect
            value={query.stationIds}
            choices={choices}
            loading={tree.isLoading}
            onChange={(stationIds) => change({ stationIds })}
          />
          <Segmented<ComparePeriod>
            aria-label={t('history.report.granularity')}
            value={query.period}
            onChange={(period) => change({ period })}
            options={COMPARE_PERIODS.map((p) => ({ value: p, label: t(`history.period.${p}`) }))}
          />
          <DatePicker
            className="compare-date"
            picker={PICKER[query.period]}
            format={dayPickerFormat(PICKER[query.period], locale)}
            value={dayjs(date)}
            allowClear={false}
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            onChange={(d) => d && change({ searchDate: d.format('YYYY-MM-DD') })}
            aria-label={t('history.pickDate')}
          />
          <Segmented<CompareMetric>
            aria-label={t('history.compare.metric')}
            value={query.metric}
            onChange={(metric) => change({ metric })}
            options={COMPARE_METRICS.map((m) => ({ value: m, label: t(`history.totals.${m}`) }))}
          />
        </div>
        {query.dropped > 0 && (
          <Alert
            type="warning"
            showIcon
            className="compare-note"
            data-testid="compare-dropped"
            title={t('history.compare.dropped', { count: query.dropped, max: MAX_COMPARE_SITES })}
          />
        )}
        {failed.map((f) => (
          <Alert
            key={f.stationId}
            type="error"
            showIcon
            className="compare-note"
            title={t('history.compare.failed', { site: nameOf(f.stationId), reason: f.text })}
          />
        ))}
        {query.stationIds.length === 0 ? (
          <Empty description={t('history.compare.empty', { max: MAX_COMPARE_SITES })} />
        ) : pending && !option ? (
          <Skeleton active />
        ) : option ? (
          <>
            <EChartHost
              option={option}
              testId="compare-chart"
              className="compare-chart"
              label={t('history.compare.chartLabel', {
                metric: t(`history.totals.${query.metric}`),
                sites: seriesNames(option).join(', '),
              })}
            />
            <CompareTotals sites={loaded} locale={locale} />
          </>
        ) : null}
      </Card>
    </div>
  );
}
