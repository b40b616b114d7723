import { Drawer, Layout, Spin } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { SystemAlarmCountProvider } from '../../features/alarms/api/system-alarm-count';
import { isSidebarOpen, setSidebarOpen } from '../../shared/session/preferences';
import { useUserInfo } from '../../shared/session/user-info';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { deepestHandle } from '../lib/route-handle';
import { tabFor } from '../lib/visited-tabs';
import { RoleGate } from '../role-gate';
import { registerServiceWorkerWhenIdle } from '../service-worker';
import { CurrentSite } from './current-site';
import { SideMenu } from './side-menu';
import { SiteSearch } from './site-search';
import { openTab } from './tabs-store';
import { TopBar } from './top-bar';
import { useCurrentSystemType } from './use-current-system-type';
import { VisitedTabs } from './visited-tabs';

/**
 * Signed-in layout (spec §2): top bar, sidebar (open/closed kept in the sidebarStatus cookie), the row
 * of visited tabs and the page (behind the route's roles). Below 992 px the sidebar becomes a drawer.
 * The current system type (the open site's on /station) and its alarm count are read here, once.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(isSidebarOpen);
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  const handle = deepestHandle(useMatches());

  const roles = useUserInfo().data?.roles;
  const systemType = useCurrentSystemType();

  // Signed in: the worker (notifications, installing the app) may register now, when the browser is idle.
  useEffect(registerServiceWorkerWhenIdle, []);

  useEffect(() => {
    const tab = tabFor(location, handle, roles);
    if (tab) openTab(tab);
  }, [handle, location, roles]);

  useEffect(() => {
    if (location.key) setDrawer(false);
  }, [location.key]);

  const toggle = () => {
    if (isMobile) {
      setDrawer(true);
      return;
    }
    setSidebarOpen(!open);
    setOpen(!open);
  };

  return (
    <SystemAlarmCountProvider systemType={systemType}>
      <Layout className="app-shell">
        <TopBar mobile={isMobile} systemType={systemType} sidebarOpen={open} onToggleMenu={toggle} />
        <Layout hasSider={!isMobile}>
          {!isMobile && (
            <Layout.Sider
              className="app-sider"
              collapsed={!open}
              collapsedWidth={64}
              width={208}
              trigger={null}
            >
              <SideMenu collapsed={!open} />
            </Layout.Sider>
          )}
          {isMobile && (
            <Drawer
              open={drawer}
              placement="left"
              size={288}
              onClose={() => setDrawer(false)}
              title={t('app.topBar.menu')}
              className="menu-drawer"
            >
              <div className="drawer-search">
                <CurrentSite />
                <SiteSearch onChosen={() => setDrawer(false)} />
              </div>
              <SideMenu theme="light" />
            </Drawer>
          )}
          <Layout className="app-main">
            <VisitedTabs />
            <Layout.Content className="app-content">
              <Suspense fallback={<Spin className="page-spinner" size="large" />}>
                <RoleGate>
                  <Outlet />
                </RoleGate>
              </Suspense>
            </Layout.Content>
          </Layout>
        </Layout>
      </Layout>
    </SystemAlarmCountProvider>
  );
}
