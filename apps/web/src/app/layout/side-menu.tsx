import { DashboardOutlined, SettingOutlined, ThunderboltOutlined, UserOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUserInfo } from '../../features/auth/api/get-user-info';

/** Sidebar menu: Dashboard, Station, Profile, and Manage for administrators only (spec §6). */
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
  const isAdmin = user.data?.roles.includes('admin') ?? false;
  const items = [
    { key: '/dashboard', icon: <DashboardOutlined />, label: t('app.routes.dashboard') },
    { key: '/station', icon: <ThunderboltOutlined />, label: t('app.routes.station') },
    { key: '/profile', icon: <UserOutlined />, label: t('app.routes.profile') },
    ...(isAdmin ? [{ key: '/manage', icon: <SettingOutlined />, label: t('app.routes.manage') }] : []),
  ];
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
