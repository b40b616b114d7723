import { Card, Empty, Input, Segmented, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSystemType } from '../../../shared/session/preferences';
import { QueryError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useStationList } from '../api/get-station-list';
import { DashboardKpis } from '../components/dashboard-kpis';
import { SiteCards } from '../components/site-cards';
import { SiteLocations } from '../components/site-locations';
import { SiteTable } from '../components/site-table';
import '../components/dashboard.css';
import { filterSites, sortSites } from '../lib/kpis';

/**
 * /dashboard (UX.md "Dashboard"): KPI cards, then the site table beside the location card, for the
 * system type chosen in the top bar; refreshed every 5 s. Below 992 px the table becomes cards with a
 * List | Map switch. `alarmsCard`, `sidePanel` (the groups tree, left of the table) and `emptyAction`
 * come from the app (other features' parts).
 */
export function DashboardPage({
  alarmsCard,
  sidePanel,
  emptyAction,
}: {
  alarmsCard: ReactNode;
  sidePanel?: ReactNode;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const systemType = getSystemType();
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'list' | 'map'>('list');
  const list = useStationList(systemType);
  const all = list.data?.rows ?? [];
  const rows = sortSites(filterSites(all, search));
  // Failed before any answer: the error stands where the sites would, and no count reads as 0.
  const failed = list.isError && !list.data;

  const searchBox = (
    <Input.Search
      allowClear
      placeholder={t('dashboard.table.search')}
      aria-label={t('dashboard.table.search')}
      value={search}
      onChange={(e) => setSearch(e.target.value)}
      className="table-search"
    />
  );
  const empty = (
    <Empty description={t('dashboard.empty.owner')} image={Empty.PRESENTED_IMAGE_SIMPLE}>
      {emptyAction}
    </Empty>
  );

  return (
    <div className="page dashboard-page">
      <div className="page-head">
        <Typography.Title level={3}>{t('dashboard.title')}</Typography.Title>
        <Typography.Text type="secondary">{t(`common.systemType.${systemType}`)}</Typography.Text>
      </div>
      <DashboardKpis
        systemType={systemType}
        rows={all}
        loading={list.isPending}
        unknown={failed}
        alarmsCard={alarmsCard}
      />
      {isMobile ? (
        <div className="dashboard-mobile">
          <div className="dashboard-mobile-bar">
            <Segmented
              value={view}
              onChange={(v) => setView(v as 'list' | 'map')}
              options={[
                { value: 'list', label: t('dashboard.view.list') },
                { value: 'map', label: t('dashboard.view.map') },
              ]}
            />
            {view === 'list' && searchBox}
          </div>
          {failed ? (
            <QueryError error={list.error} />
          ) : !list.isPending && all.length === 0 ? (
            empty
          ) : view === 'list' ? (
            <SiteCards rows={rows} />
          ) : (
            <SiteLocations rows={all} />
          )}
          {sidePanel}
        </div>
      ) : (
        <div className={sidePanel ? 'dashboard-body has-side' : 'dashboard-body'}>
          {sidePanel}
          <Card title={t('dashboard.table.title')} extra={searchBox} className="site-table-card">
            {failed ? (
              <QueryError error={list.error} />
            ) : !list.isPending && all.length === 0 ? (
              empty
            ) : (
              <SiteTable rows={rows} loading={list.isPending} />
            )}
          </Card>
          <SiteLocations rows={all} />
        </div>
      )}
    </div>
  );
}
