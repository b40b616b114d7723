import { BellOutlined, ColumnHeightOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { changeDisplaySize, useDisplaySize } from '../../shared/session/display-size';
import { DISPLAY_SIZES, type DisplaySize } from '../../shared/session/preferences';
import { readUser } from '../../shared/session/storage';
import { useUserInfo } from '../../shared/session/user-info';
import { useSignOut } from './use-sign-out';

const SIZE_PREFIX = 'size:';

/**
 * User menu (spec §2, §4): the avatar and name; personal centre → /profile; push settings → /push
 * (issue 20); display size (small,
 * middle, large; kept in the size cookie); log out.
 */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useSignOut();
  const size = useDisplaySize();
  const user = useUserInfo();
  const name = user.data?.nickname || user.data?.userName || readUser()?.userName || '';
  const avatar = user.data?.avatar ?? undefined;

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('app.userMenu.profile') },
    { key: 'push', icon: <BellOutlined />, label: t('app.userMenu.push') },
    {
      key: 'size',
      icon: <ColumnHeightOutlined />,
      label: t('app.userMenu.size'),
      children: DISPLAY_SIZES.map((s) => ({
        key: `${SIZE_PREFIX}${s}`,
        label: t(`app.userMenu.sizes.${s}`),
      })),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('app.userMenu.logout'), danger: true },
  ];

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [`${SIZE_PREFIX}${size}`],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/profile');
          if (key === 'push') navigate('/push');
          if (key.startsWith(SIZE_PREFIX)) changeDisplaySize(key.slice(SIZE_PREFIX.length) as DisplaySize);
          if (key === 'logout') void signOut({ revoke: true, returnTo: location });
        },
      }}
    >
      <Button type="text" className="bar-button user-button" aria-label={t('app.userMenu.label', { name })}>
        <Avatar size={28} className="user-avatar" src={avatar} alt="">
          {avatar ? undefined : name.slice(0, 1).toUpperCase() || <UserOutlined />}
        </Avatar>
        {!compact && <span className="user-name">{name}</span>}
      </Button>
    </Dropdown>
  );
}
