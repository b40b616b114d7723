import { DownloadOutlined } from '@ant-design/icons';
import type { Report } from '@ems/contract/api/report';
import { Alert, Button, Card, DatePicker, Descriptions, Empty, Segmented, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { getSystemType } from '../../../shared/session/preferences';
import { toastError } from '../../../shared/ui/feedback';
import { useStationList } from '../../dashboard/api/get-station-list';
import { downloadReport, type ReportParams, useReport } from '../api/report-api';
import { TariffModal } from '../components/tariff-modal';
import { cellText, columnTitle, REPORT_COLUMNS } from '../lib/report-columns';

/** Spec §5: multi-selects hold at most 10 items. */
const MAX_SITES = 10;
const PICKER = { 1: 'date', 2: 'month', 3: 'year' } as const;

type Row = Report['rows'][number];

/**
 * Report page (UX.md "Reports"): sites (all of mine, or up to 10 chosen), Day | Month | Year and a
 * date; a totals block, then a row per hour, day or month with units in the headers; Excel and CSV
 * export with a spinner while the file builds and "export failed" when it cannot.
 */
export function ReportPage() {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const sites = useStationList(getSystemType());
  const [stationIds, setStationIds] = useState<number[]>([]);
  const [statisticsType, setType] = useState<1 | 2 | 3>(2);
  const [searchDate, setDate] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const [tariffOpen, setTariffOpen] = useState(false);
  const params: ReportParams = { stationIds, statisticsType, searchDate };
  const report = useReport(params);
  const data = report.data;
  const name = (key: string) => t(`history.report.columns.${key}`);

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

  const columns = [
    { title: t('history.report.period'), dataIndex: 'label', key: 'label', fixed: 'left' as const },
    ...REPORT_COLUMNS.map((c) => ({
      title: columnTitle(name(c.key), c, data?.currency ?? null),
      dataIndex: c.key,
      key: c.key,
      align: 'right' as const,
      render: (v: number | null) => cellText(v, c, locale),
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
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 280 }}
            placeholder={t('history.report.allSites')}
            aria-label={t('history.report.sites')}
            value={stationIds}
            maxCount={MAX_SITES}
            loading={sites.isLoading}
            optionFilterProp="label"
            options={(sites.data?.rows ?? []).map((s) => ({ value: s.stationId, label: s.stationName }))}
            onChange={setStationIds}
          />
          <Segmented<1 | 2 | 3>
            value={statisticsType}
            onChange={setType}
            options={([1, 2, 3] as const).map((p) => ({ value: p, label: t(`history.period.${p}`) }))}
          />
          <DatePicker
            picker={PICKER[statisticsType]}
            value={dayjs(searchDate)}
            allowClear={false}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            aria-label={t('history.pickDate')}
          />
        </Space>
        {report.isError && !data ? (
          <Alert type="error" showIcon title={t('common.errors.tryLater')} />
        ) : (
          <>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2, lg: 4 }}
              title={t('history.report.totals')}
              data-testid="report-totals"
              items={REPORT_COLUMNS.map((c) => ({
                key: c.key,
                label: columnTitle(name(c.key), c, data?.currency ?? null),
                children: data ? cellText(data.totals[c.key], c, locale) : '…',
              }))}
            />
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
