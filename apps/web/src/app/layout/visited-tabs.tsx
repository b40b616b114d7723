import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useBaseInfo } from '../../features/station/api/get-base-info';
import { positiveIntParam } from '../../features/station/lib/station-id';
import { pageKey, type VisitedTab } from '../lib/visited-tabs';
import { closeVisitedTab, useVisitedTabs } from './tabs-store';

function TabLabel({ tab }: { tab: VisitedTab }) {
  const { t } = useTranslation();
  const stationId =
    tab.path === '/station'
      ? positiveIntParam(new URLSearchParams(tab.key.split('?')[1]).get('stationId'))
      : null;
  const base = useBaseInfo(stationId);
  return <span>{base.data?.stationName ?? t(tab.titleKey)}</span>;
}

/**
 * The row of visited pages under the top bar, one tab per page (lib/visited-tabs): click (or arrow keys + Enter) to return, × (or Delete /
 * Backspace on the focused tab) to close; the dashboard stays.
 */
export function VisitedTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = useVisitedTabs();
  const activeKey = pageKey(location.pathname, location.search);
  const close = (key: string) => {
    const next = closeVisitedTab(key, activeKey);
    if (next) navigate(next);
  };
  return (
    <nav className="visited-tabs" aria-label={t('app.tabs.label')}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={(key) => navigate(tabs.find((tab) => tab.key === key)?.url ?? key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: <TabLabel tab={tab} />,
          closable: !tab.pinned,
        }))}
      />
    </nav>
  );
}
