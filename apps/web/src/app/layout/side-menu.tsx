import {
  AlertOutlined,
  BarChartOutlined,
  BellOutlined,
  DashboardOutlined,
  DiffOutlined,
  GlobalOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUserInfo } from '../../shared/session/user-info';
import { mayOpen, ROUTE_ROLES } from '../lib/roles';

const ENTRIES: ReadonlyArray<{ path: string; icon: ReactNode; titleKey: string }> = [
  { path: '/dashboard', icon: <DashboardOutlined />, titleKey: 'app.routes.dashboard' },
  { path: '/map', icon: <GlobalOutlined />, titleKey: 'app.routes.map' },
  { path: '/sites', icon: <UnorderedListOutlined />, titleKey: 'app.routes.sites' },
  { path: '/station', icon: <ThunderboltOutlined />, titleKey: 'app.routes.station' },
  { path: '/alarms', icon: <AlertOutlined />, titleKey: 'app.routes.alarms' },
  { path: '/report', icon: <BarChartOutlined />, titleKey: 'app.routes.report' },
  { path: '/history/compare', icon: <DiffOutlined />, titleKey: 'app.routes.compare' },
  { path: '/push', icon: <BellOutlined />, titleKey: 'app.routes.push' },
  { path: '/profile', icon: <UserOutlined />, titleKey: 'app.routes.profile' },
  { path: '/social', icon: <TeamOutlined />, titleKey: 'social.title' },
  { path: '/manage', icon: <SettingOutlined />, titleKey: 'app.routes.manage' },
];

/** Sidebar menu, filtered by the roles of the user (spec §6): Manage shows for administrators only. */
export function SideMenu({
  collapsed = false,
  theme = 'dark',
}: {
  collapsed?: boolean;
  theme?: 'dark' | 'light';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useUserInfo();
  const roles = user.data?.roles ?? [];
  const items = ENTRIES.filter((e) => mayOpen(ROUTE_ROLES[e.path], roles)).map((e) => ({
    key: e.path,
    icon: e.icon,
    label: t(e.titleKey),
  }));
  return (
    <Menu
      theme={theme}
      mode="inline"
      inlineCollapsed={collapsed}
      selectedKeys={[pathname]}
      items={items}
      onClick={({ key }) => navigate(key)}
      className="side-menu"
    />
  );
}
