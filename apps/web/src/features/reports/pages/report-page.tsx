import { DownloadOutlined } from '@ant-design/icons';
import type { Report } from '@ems/contract/api/report';
import { Alert, Button, Card, Descriptions, Empty, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { toastError } from '../../../shared/ui/feedback';
import { QueryError } from '../../../shared/ui/query-error';
import { downloadReport, type ReportParams, useReport } from '../api/report-api';
import { ReportFilters, type ReportFilterValue } from '../components/report-filters';
import { TariffModal } from '../components/tariff-modal';
import { columnTitle, figureText, REPORT_COLUMNS } from '../lib/report-columns';
import { scopeParams } from '../lib/report-scope';
import '../components/report.css';
import { formatCalendarLabel } from '../../../shared/format/time';

type Row = Report['rows'][number];

/**
 * Report page (UX.md "Reports"): all of my sites, one of my groups or up to 10 chosen sites,
 * Day | Month | Year and a date; a totals block, then a row per hour, day or month with units in the headers; Excel and CSV
 * export with a spinner while the file builds and "export failed" when it cannot.
 */
export function ReportPage() {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const [filters, setFilters] = useState<ReportFilterValue>(() => ({
    scope: { kind: 'all', groupId: null, stationIds: [] },
    statisticsType: 2,
    searchDate: dayjs().format('YYYY-MM-DD'),
  }));
  const { statisticsType, searchDate } = filters;
  const { stationIds, groupId } = scopeParams(filters.scope);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const [tariffOpen, setTariffOpen] = useState(false);
  const params: ReportParams = { stationIds, groupId, statisticsType, searchDate };
  const report = useReport(params);
  const data = report.data;
  const name = (key: string) => t(`history.report.columns.${key}`);
  const moneyNote = (note: string) => t(`history.report.money.${note}`);
  const cell = (v: number | null, c: (typeof REPORT_COLUMNS)[number]) =>
    figureText(data ?? { moneyNote: null }, v, c, locale, moneyNote);

  const exportAs = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    try {
      await downloadReport(params, format);
    } catch {
      toastError(t('history.report.exportFailed'));
    } finally {
      setExporting(null);
    }
  };

  const noCurrency = data?.moneyNote === 'mixedCurrencies' ? t('history.report.money.mixedHeader') : null;
  const columns = [
    {
      title: t('history.report.period'),
      dataIndex: 'label',
      key: 'label',
      fixed: 'left' as const,
      render: (v: string) => formatCalendarLabel(v, locale),
    },
    ...REPORT_COLUMNS.map((c) => ({
      title: columnTitle(name(c.key), c, data?.currency ?? null, noCurrency),
      dataIndex: c.key,
      key: c.key,
      align: 'right' as const,
      render: (v: number | null) => cell(v, c),
    })),
  ];

  return (
    <div className="page report-page">
      <Card
        title={t('history.report.title')}
        extra={
          <Space wrap>
            {stationIds.length === 1 && (
              <Button onClick={() => setTariffOpen(true)}>{t('history.tariff.open')}</Button>
            )}
            <Button
              icon={<DownloadOutlined />}
              loading={exporting === 'xlsx'}
              disabled={exporting !== null}
              onClick={() => exportAs('xlsx')}
            >
              {t('history.report.excel')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting === 'csv'}
              disabled={exporting !== null}
              onClick={() => exportAs('csv')}
            >
              {t('history.report.csv')}
            </Button>
          </Space>
        }
      >
        <ReportFilters value={filters} onChange={setFilters} />
        {report.isError && !data ? (
          <QueryError error={report.error} />
        ) : (
          <>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2, lg: 4 }}
              className="report-totals"
              title={t('history.report.totals')}
              data-testid="report-totals"
              items={REPORT_COLUMNS.map((c) => ({
                key: c.key,
                label: columnTitle(name(c.key), c, data?.currency ?? null, noCurrency),
                children: data ? cell(data.totals[c.key], c) : '…',
              }))}
            />
            {data && data.moneyNote === null && data.sitesWithoutTariff > 0 && (
              <Alert
                style={{ marginTop: 16 }}
                type="info"
                showIcon
                data-testid="report-money-note"
                title={t('history.report.money.leftOut', {
                  count: data.sitesWithoutTariff,
                  total: data.stationIds.length,
                })}
              />
            )}
            <Table<Row>
              style={{ marginTop: 16 }}
              size="small"
              rowKey={(r) => r.label + String(data?.rows.indexOf(r))}
              loading={report.isFetching && !data}
              columns={columns}
              dataSource={data?.rows ?? []}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={t('history.noData', { date: searchDate })} /> }}
            />
          </>
        )}
      </Card>
      {stationIds.length === 1 && (
        <TariffModal stationId={stationIds[0]!} open={tariffOpen} onClose={() => setTariffOpen(false)} />
      )}
    </div>
  );
}
