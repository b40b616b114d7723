import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Input, InputNumber, message, Select, Space, Statistic, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { alarmKind, alarmLevelOptions } from '../../../shared/domain/alarm-level';
import { MISSING } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { getSystemType } from '../../../shared/session/preferences';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useStationList } from '../../dashboard/api/get-station-list';
import { type AlarmFilters, type AlarmListKind, getAlarmPage, useAlarmSummary } from '../api/alarm-list';
import { AlarmTable } from '../components/alarm-table';
import { alarmsCsv, alarmTimeText } from '../components/alarm-table-model';
import { alarmTarget } from '../components/open-alarm';
import './alarms-page.css';
import { pickerFormat } from '../../../shared/format/time';

/** Most rows one CSV export reads (pages of 200). */
const EXPORT_MAX = 5000;

/**
 * /alarms (issue 9, UX.md "Alarms"): Current | History tabs, counters active / today / last 24 h, filters
 * site, device, level, time and text, and CSV export of what the filters match. `?stationId=`, `?deviceId=`
 * and `?levels=` preset the filters (the dashboard's alarms card links here).
 */
export function AlarmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const systemType = getSystemType();
  const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const [tab, setTab] = useState<AlarmListKind>(params.get('tab') === 'history' ? 'history' : 'current');
  const [stationId, setStationId] = useState(num(params.get('stationId')));
  const [deviceId, setDeviceId] = useState(num(params.get('deviceId')));
  const [levels, setLevels] = useState<number[]>(
    params
      .getAll('levels')
      .map(Number)
      .filter((n) => n >= 1 && n <= 5),
  );
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const isMobile = useIsMobile();
  const [text, setText] = useState('');
  const [exporting, setExporting] = useState(false);
  const sites = useStationList(systemType);
  const summary = useAlarmSummary({ systemType, stationId });

  const filters: AlarmFilters = {
    systemType,
    stationId,
    deviceId,
    levels: levels.length > 0 ? levels : undefined,
    startTime: range?.[0]?.valueOf(),
    endTime: range?.[1]?.valueOf(),
    text: text.trim() || undefined,
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = [];
      for (let page = 1; rows.length < EXPORT_MAX; page++) {
        const res = await getAlarmPage(tab, filters, page, 200);
        rows.push(...res.data);
        if (res.data.length < 200 || rows.length >= res.total) break;
      }
      const locale = currentLanguageCode();
      const csv = alarmsCsv(
        rows,
        ['time', 'end', 'description', 'code', 'level', 'device', 'site'].map((k) => t(`alarms.csv.${k}`)),
        (level) => {
          const kind = alarmKind(level);
          return kind ? t(`alarms.level.${kind}`) : MISSING;
        },
        (r) => (r.clearTime === null ? '' : alarmTimeText(r.clearTime, 0, locale, r.timeZone, '')),
      );
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `alarms-${tab}-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      message.error(t('alarms.page.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const counters: [string, number | undefined][] = [
    ['active', summary.data?.active],
    ['today', summary.data?.today],
    ['last24h', summary.data?.last24h],
  ];
  return (
    <Space direction="vertical" size="middle" className="alarms-page" style={{ width: '100%' }}>
      <Space size="middle" wrap>
        {counters.map(([key, value]) => (
          <Card key={key} size="small" data-testid={`alarm-counter-${key}`}>
            <Statistic title={t(`alarms.page.${key}`)} value={value ?? MISSING} />
          </Card>
        ))}
      </Space>
      <Space wrap className="alarm-filters">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('alarms.page.site')}
          aria-label={t('alarms.page.site')}
          className="alarm-filter-site"
          value={stationId}
          onChange={(v) => {
            setStationId(v);
            setDeviceId(undefined);
          }}
          options={(sites.data?.rows ?? []).map((s) => ({ value: s.stationId, label: s.stationName }))}
        />
        <InputNumber
          placeholder={t('alarms.page.device')}
          aria-label={t('alarms.page.device')}
          min={1}
          precision={0}
          value={deviceId ?? null}
          onChange={(v) => setDeviceId(v ?? undefined)}
        />
        <Select
          mode="multiple"
          allowClear
          placeholder={t('alarms.page.level')}
          aria-label={t('alarms.page.level')}
          className="alarm-filter-level"
          value={levels}
          onChange={setLevels}
          options={alarmLevelOptions(t)}
        />
        <DatePicker.RangePicker
          showTime={!isMobile}
          format={pickerFormat(currentLanguageCode(), !isMobile)}
          value={range}
          aria-label={t('alarms.table.time')}
          onChange={(v) =>
            // Without the time columns (phones) a range means whole days.
            setRange(v && isMobile ? [v[0]?.startOf('day') ?? null, v[1]?.endOf('day') ?? null] : v)
          }
          classNames={{ popup: { root: 'alarm-range-popup' } }}
        />
        <Input.Search
          allowClear
          placeholder={t('alarms.page.text')}
          aria-label={t('alarms.page.text')}
          maxLength={50}
          onSearch={setText}
          className="alarm-filter-text"
        />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
          {t('alarms.page.export')}
        </Button>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as AlarmListKind)}
        items={(['current', 'history'] as const).map((k) => ({ key: k, label: t(`alarms.page.${k}`) }))}
      />
      <AlarmTable overview kind={tab} filters={filters} onOpen={(e) => navigate(alarmTarget(e))} />
    </Space>
  );
}
