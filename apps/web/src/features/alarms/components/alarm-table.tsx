import type { AlarmRow } from '@ems/contract/api/alarm';
import { ALARM_PAGE_SIZE } from '@ems/contract/constants';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmKind } from '../../../shared/domain/alarm-level';
import { MISSING } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { AlarmLevelTag } from '../../../shared/ui/alarm-level-tag';
import { type AlarmFilters, type AlarmListKind, useAlarmPage } from '../api/alarm-list';
import {
  type AlarmColumn,
  type AlarmOpenEvent,
  type AlarmTableType,
  alarmColumns,
  alarmOpenEvent,
  alarmTimeText,
  showPagination,
  siteClickable,
} from './alarm-table-model';
import './alarm-table.css';

/** Props of the presentational table (one page of rows). */
export interface AlarmTableViewProps {
  type: AlarmTableType;
  rows: readonly AlarmRow[];
  total: number;
  pageNum: number;
  pageSize?: number;
  loading?: boolean;
  /** Instant "now" for "just now" (ms); Date.now() when omitted. */
  nowMs?: number;
  onPage?(pageNum: number): void;
  onOpen?(event: AlarmOpenEvent): void;
}

/**
 * The alarm list table of spec §2, drawn from given rows: columns alarm time, description, code, level,
 * device (a link; hidden for type 3), site (a link only for type 0), detail link (type > 1); pagination
 * only when total > 0. Clicks emit {kind, deviceId, stationId, alarmDateTime} through onOpen.
 */
export function AlarmTableView(props: AlarmTableViewProps) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const now = props.nowMs ?? Date.now();
  const open = (kind: AlarmOpenEvent['kind'], row: AlarmRow) => props.onOpen?.(alarmOpenEvent(kind, row));
  const link = (text: string, label: string, onClick: () => void) => (
    <Button type="link" size="small" className="alarm-link" aria-label={label} onClick={onClick}>
      {text}
    </Button>
  );
  const all: Record<AlarmColumn, TableColumnsType<AlarmRow>[number]> = {
    alarmTime: {
      key: 'alarmTime',
      title: t('alarms.table.time'),
      render: (_, r) => alarmTimeText(r.alarmTime, now, locale, r.timeZone, t('common.time.justNow')),
    },
    alarmDesc: { key: 'alarmDesc', title: t('alarms.table.description'), dataIndex: 'alarmDesc' },
    alarmCode: { key: 'alarmCode', title: t('alarms.table.code'), dataIndex: 'alarmCode' },
    alarmLevel: {
      key: 'alarmLevel',
      title: t('alarms.table.level'),
      render: (_, r) => {
        const kind = alarmKind(r.alarmLevel);
        return kind ? <AlarmLevelTag kind={kind} /> : MISSING;
      },
    },
    device: {
      key: 'device',
      title: t('alarms.table.device'),
      render: (_, r) =>
        r.deviceId === null
          ? MISSING
          : link(r.deviceName ?? String(r.deviceId), t('alarms.table.openDevice'), () => open('device', r)),
    },
    station: {
      key: 'station',
      title: t('alarms.table.site'),
      render: (_, r) =>
        siteClickable(props.type)
          ? link(r.stationName, t('alarms.table.openSite'), () => open('station', r))
          : r.stationName,
    },
    detail: {
      key: 'detail',
      title: t('alarms.table.detail'),
      render: (_, r) => link(t('alarms.table.detail'), t('alarms.table.detail'), () => open('log', r)),
    },
  };
  // Narrow screens (390 px phones, the dialog): the table scrolls inside its box instead of widening
  // the page, and short columns keep one line (alarm-table.css) while the description wraps.
  return (
    <Table<AlarmRow>
      className="alarm-table"
      size="small"
      rowKey="id"
      loading={props.loading}
      dataSource={props.rows as AlarmRow[]}
      scroll={{ x: 'max-content' }}
      tableLayout="auto"
      columns={alarmColumns(props.type).map((c) => ({
        ...all[c],
        className: c === 'alarmDesc' ? 'alarm-col-desc' : 'alarm-col-nowrap',
      }))}
      locale={{ emptyText: t('alarms.dialog.none') }}
      pagination={
        showPagination(props.total)
          ? {
              current: props.pageNum,
              pageSize: props.pageSize ?? ALARM_PAGE_SIZE,
              total: props.total,
              showSizeChanger: false,
              onChange: (p) => props.onPage?.(p),
            }
          : false
      }
    />
  );
}

/** Props of the loading table. */
export interface AlarmTableProps {
  type: AlarmTableType;
  kind: AlarmListKind;
  filters: AlarmFilters;
  /** Any value; the list reloads when it changes (spec §2 "refresh flag"). */
  refresh?: unknown;
  /** False keeps the list idle (e.g. a closed dialog). */
  enabled?: boolean;
  onOpen?(event: AlarmOpenEvent): void;
}

/**
 * The alarm list table loading its own pages (current alarms refresh every 5 s). It reloads, back on
 * page 1, when the device, the other filters or `refresh` change.
 */
export function AlarmTable(props: AlarmTableProps) {
  const scopeKey = JSON.stringify([props.kind, props.filters, props.refresh ?? null]);
  const [page, setPage] = useState({ key: scopeKey, num: 1 });
  const pageNum = page.key === scopeKey ? page.num : 1;
  const { data, isPending } = useAlarmPage(props.kind, props.filters, pageNum, {
    refresh: props.refresh,
    enabled: props.enabled,
  });
  return (
    <AlarmTableView
      type={props.type}
      rows={data?.data ?? []}
      total={data?.total ?? 0}
      pageNum={pageNum}
      loading={isPending && props.enabled !== false}
      onPage={(num) => setPage({ key: scopeKey, num })}
      onOpen={props.onOpen}
    />
  );
}
