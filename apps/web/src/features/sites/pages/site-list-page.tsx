import { capacityUnit } from '@ems/contract/api/fleet';
import type { SiteSortField } from '@ems/contract/api/site-list';
import type { StationSummary } from '@ems/contract/api/station';
import { SYSTEM_TYPES, type SystemType } from '@ems/contract/constants';
import { Button, Card, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatCapacity } from '../../../shared/format/quantity';
import { formatRelative, toMillis } from '../../../shared/format/time';
import { CommStatus } from '../../../shared/ui/comm-status';
import { QueryError } from '../../../shared/ui/query-error';
import { SiteAlarmIcon } from '../../dashboard/components/site-alarm-icon';
import { useSiteFormatters } from '../../dashboard/lib/use-site-formatters';
import { useSiteListPage } from '../api/site-list-api';
import { SiteListFilters } from '../components/site-list-filters';
import {
  columnSortOrder,
  isFiltered,
  parseSiteListState,
  SITE_PAGE_SIZE,
  type SiteListState,
  siteListSearch,
  updateSiteList,
} from '../lib/site-list-state';
import './site-list.css';

/**
 * /sites, the site list (issue 7 item 5): the caller's sites of one system type in a table sorted,
 * filtered (text, group, status, area) and paged by the server, the state kept in the URL query; a row
 * opens the station page.
 */
export function SiteListPage({ fallbackType }: { fallbackType: SystemType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = parseSiteListState(params, fallbackType);
  const set = (patch: Partial<SiteListState>) => setParams(siteListSearch(updateSiteList(state, patch)));
  const list = useSiteListPage(state);
  const rows = list.data?.rows ?? [];
  const { locale, now, fmtPower, fmtEnergy } = useSiteFormatters(rows);
  const unit = capacityUnit(state.systemType);

  const sortable = (field: SiteSortField) => ({
    sorter: true,
    sortOrder: columnSortOrder(state, field),
    sortDirections: ['ascend', 'descend'] as Array<'ascend' | 'descend'>,
  });
  const columns: TableColumnsType<StationSummary> = [
    {
      key: 'status',
      title: t('sites.columns.status'),
      width: 96,
      ...sortable('status'),
      render: (_, r) => (
        <span className="status-pair">
          <CommStatus online={r.online} />
          <SiteAlarmIcon level={r.worstAlarmLevel} />
        </span>
      ),
    },
    {
      key: 'name',
      title: t('sites.columns.name'),
      ...sortable('name'),
      render: (_, r) => (
        <div className="site-list-name">
          <Link to={`/station?stationId=${r.stationId}`} onClick={(e) => e.stopPropagation()}>
            {r.stationName}
          </Link>
          <Typography.Text type="secondary" className="cell-sub">
            {r.address}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'capacity',
      title: t('sites.columns.capacity'),
      align: 'right',
      responsive: ['md'],
      ...sortable('capacity'),
      render: (_, r) => <span className="num">{formatCapacity(r.capacity, locale, unit)}</span>,
    },
    {
      key: 'power',
      title: t('sites.columns.power'),
      align: 'right',
      ...sortable('power'),
      render: (_, r) => <span className="num">{fmtPower(r.powerW)}</span>,
    },
    {
      key: 'energy',
      title: t('sites.columns.energy'),
      align: 'right',
      responsive: ['sm'],
      ...sortable('energy'),
      render: (_, r) => <span className="num">{fmtEnergy(r.todayKwh)}</span>,
    },
    {
      key: 'lastSeen',
      title: t('sites.columns.lastSeen'),
      responsive: ['lg'],
      render: (_, r) =>
        toMillis(r.lastSeen) ? formatRelative(r.lastSeen, now, locale, t('common.time.justNow')) : '–',
    },
  ];

  const filtered = isFiltered(state);
  const empty = (
    <Empty description={filtered ? t('sites.noMatch') : t('sites.empty')}>
      {filtered && (
        <Button
          onClick={() =>
            setParams(siteListSearch(parseSiteListState(new URLSearchParams(), state.systemType)))
          }
        >
          {t('sites.clearFilters')}
        </Button>
      )}
    </Empty>
  );

  return (
    <div className="page site-list-page">
      <div className="page-head">
        <Typography.Title level={3}>{t('sites.title')}</Typography.Title>
      </div>
      {list.isError && !list.data && <QueryError error={list.error} />}
      <Card size="small">
        <SiteListFilters state={state} types={SYSTEM_TYPES} onChange={set} />
        <Table<StationSummary>
          rowKey="stationId"
          size="middle"
          className="site-list-table"
          columns={columns}
          dataSource={rows}
          loading={list.isPending}
          locale={{ emptyText: list.isPending ? ' ' : empty }}
          rowClassName={(r) => (r.online ? 'site-list-row' : 'site-list-row row-offline')}
          onRow={(r) => ({ onClick: () => navigate(`/station?stationId=${r.stationId}`) })}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'paginate') return set({ page: pagination.current ?? 1 });
            if (extra.action !== 'sort' || Array.isArray(sorter)) return;
            const field = sorter.order ? (sorter.columnKey as SiteSortField) : null;
            set({ sortField: field, sortOrder: sorter.order === 'descend' ? 'desc' : 'asc' });
          }}
          pagination={{
            current: state.page,
            pageSize: SITE_PAGE_SIZE,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            showTotal: (total) => t('sites.total', { count: total }),
          }}
        />
      </Card>
    </div>
  );
}
