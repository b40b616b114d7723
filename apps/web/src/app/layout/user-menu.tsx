import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { logout } from '../../features/auth/api/logout';
import { loginRedirectUrl } from '../../shared/session/access';
import { COOKIE, clearToken, removeCookie } from '../../shared/session/cookies';
import { currentMode } from '../../shared/session/mode';
import { readUser } from '../../shared/session/storage';
import { closeAllTabs } from './tabs-store';

/**
 * User menu (spec §2, §4): personal centre → /profile; log out revokes the token on the server, then
 * clears token and roles, resets cached data, closes all tabs and goes to sign-in with a redirect.
 */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const name = user.data?.userName ?? readUser()?.userName ?? '';

  const signOut = async () => {
    // Spec §8: the logout answer is taken as it is; the local session ends whatever it says.
    await logout().catch((error: unknown) => console.warn('logout call failed', error));
    clearToken();
    removeCookie(COOKIE.userType);
    queryClient.clear();
    closeAllTabs();
    navigate(loginRedirectUrl(currentMode(), location.pathname, location.search), { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('app.userMenu.profile') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('app.userMenu.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/profile');
          if (key === 'logout') void signOut();
        },
      }}
    >
      <Button type="text" className="bar-button user-button" aria-label={t('app.userMenu.label', { name })}>
        <Avatar size={28} className="user-avatar">
          {name.slice(0, 1).toUpperCase() || <UserOutlined />}
        </Avatar>
        {!compact && <span className="user-name">{name}</span>}
      </Button>
    </Dropdown>
  );
}
