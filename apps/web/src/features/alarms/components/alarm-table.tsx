import type { AlarmRow } from '@ems/contract/api/alarm';
import { ALARM_PAGE_SIZE } from '@ems/contract/constants';
import { Empty, Pagination, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useNow } from '../../../shared/ui/use-now';
import { type AlarmFilters, type AlarmListKind, useAlarmPage } from '../api/alarm-list';
import { AlarmCards } from './alarm-cards';
import { useAlarmCells } from './alarm-cells';
import { type AlarmOpenEvent, alarmColumns, sharedSystemType, showPagination } from './alarm-table-model';
import './alarm-table.css';

/** Props of the presentational list (one page of rows). */
export interface AlarmTableViewProps {
  /** A list of many sites (the site is a link: spec type 0); a site's own list is not. */
  overview: boolean;
  kind: AlarmListKind;
  /** System type of the listed alarms; without it, the one all rows share (a site's list). */
  systemType?: number | undefined;
  rows: readonly AlarmRow[];
  total: number;
  pageNum: number;
  pageSize?: number;
  loading?: boolean;
  /** Why the rows could not be loaded (nothing loaded before): shown instead of "no alarms". */
  loadError?: unknown;
  /** Instant "now" for "just now" (ms); Date.now() when omitted. */
  nowMs?: number;
  /** Cards instead of the table; the screen decides (below 992 px) when omitted. */
  cards?: boolean;
  onPage?(pageNum: number): void;
  onOpen?(event: AlarmOpenEvent): void;
}

/**
 * The alarm list of spec §2, drawn from given rows (columns in alarm-table-model.ts): a table on wide
 * screens, one card per alarm below 992 px; pagination only when total > 0. Clicks emit {kind, deviceId,
 * stationId, alarmDateTime} through onOpen. An empty current list says "no active alarms", an empty
 * history "no alarms in this period".
 */
export function AlarmTableView(props: AlarmTableViewProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const scope = {
    overview: props.overview,
    history: props.kind === 'history',
    systemType: props.systemType ?? sharedSystemType(props.rows),
  };
  const columns = alarmColumns(scope);
  const cells = useAlarmCells(scope, props.rows, props.nowMs ?? Date.now(), props.onOpen);
  const none = t(props.kind === 'history' ? 'alarms.history.none' : 'alarms.dialog.none');
  const failed = props.loadError !== undefined ? <QueryError error={props.loadError} /> : null;
  const pagination = showPagination(props.total)
    ? {
        current: props.pageNum,
        pageSize: props.pageSize ?? ALARM_PAGE_SIZE,
        total: props.total,
        showSizeChanger: false,
        onChange: (p: number) => props.onPage?.(p),
      }
    : false;

  if (props.cards ?? mobile) {
    if (props.rows.length === 0 && !props.loading) {
      return failed ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={none} />;
    }
    return (
      <div className="alarm-list-cards">
        <AlarmCards rows={props.rows} columns={columns} cells={cells} />
        {pagination && <Pagination size="small" align="center" {...pagination} />}
      </div>
    );
  }
  // The table keeps short columns on one line while the description wraps (alarm-table.css).
  return (
    <Table<AlarmRow>
      className="alarm-table"
      size="small"
      rowKey="id"
      loading={props.loading}
      dataSource={props.rows as AlarmRow[]}
      scroll={{ x: 'max-content' }}
      tableLayout="auto"
      columns={columns.map((c) => ({
        key: c,
        title: cells[c].title,
        render: (_: unknown, r: AlarmRow) => cells[c].render(r),
        className: c === 'alarmDesc' ? 'alarm-col-desc' : 'alarm-col-nowrap',
      }))}
      locale={{ emptyText: failed ?? none }}
      pagination={pagination}
    />
  );
}

/** Props of the loading table. */
export interface AlarmTableProps {
  /** See AlarmTableViewProps.overview. */
  overview: boolean;
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
  const { data, isPending, isError, error } = useAlarmPage(props.kind, props.filters, pageNum, {
    refresh: props.refresh,
    enabled: props.enabled,
  });
  // "just now" turns into the alarm's time after 30 s even when the rows do not change.
  const now = useNow(5_000);
  return (
    <AlarmTableView
      nowMs={now}
      overview={props.overview}
      kind={props.kind}
      systemType={props.filters.systemType}
      rows={data?.data ?? []}
      total={data?.total ?? 0}
      pageNum={pageNum}
      loading={isPending && props.enabled !== false}
      loadError={isError && !data ? error : undefined}
      onPage={(num) => setPage({ key: scopeKey, num })}
      onOpen={props.onOpen}
    />
  );
}
