import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { SystemType } from '@ems/contract/constants';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlarmBadge } from '../../features/alarms/components/alarm-badge';
import { FriendBadge, ShareBadge } from '../../features/social';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { currentMode } from '../../shared/session/mode';
import { PlatformBrand } from '../../shared/ui/brand';
import { CurrentSite } from './current-site';
import { SiteSearch } from './site-search';
import { SystemTypeMenu } from './system-type-menu';
import { UserMenu } from './user-menu';

/**
 * Top bar (spec §2): menu toggle, logo + platform title, system-type menu (`systemType`: the layout's
 * current one), current site and site
 * search, friend-request, site-share and current-alarm badges (one combined count request per 5-s cycle),
 * language and user menu. Below 992 px it condenses: logo only, the
 * system type as a dropdown, the search moves into the menu drawer.
 */
export function TopBar(props: {
  mobile: boolean;
  systemType: SystemType;
  sidebarOpen: boolean;
  onToggleMenu: () => void;
}) {
  const { t } = useTranslation();
  const { mobile } = props;
  return (
    <Layout.Header className="top-bar">
      <Button
        type="text"
        className="bar-button"
        aria-label={t('app.topBar.toggleMenu')}
        aria-expanded={mobile ? undefined : props.sidebarOpen}
        icon={props.sidebarOpen && !mobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={props.onToggleMenu}
      />
      <Link to="/dashboard" className="top-brand" aria-label={t('app.routes.dashboard')}>
        <PlatformBrand mode={currentMode()} showTitle={!mobile} />
      </Link>
      <SystemTypeMenu compact={mobile} current={props.systemType} />
      <div className="top-bar-right">
        {!mobile && <CurrentSite />}
        {!mobile && <SiteSearch />}
        <FriendBadge />
        <ShareBadge />
        <AlarmBadge systemType={props.systemType} />
        <LanguageSwitch compact={mobile} />
        <UserMenu compact={mobile} />
      </div>
    </Layout.Header>
  );
}
