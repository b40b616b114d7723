import { DownOutlined } from '@ant-design/icons';
import { SYSTEM_TYPES, type SystemType } from '@ems/contract/constants';
import { Button, Dropdown, Menu } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { setSystemType } from '../../shared/session/preferences';
import { useBarFits } from './use-bar-fits';

/**
 * System-type menu of the top bar (spec §2): 1, 2, 6, 7, 3, default 3; `current` is the layout's type
 * (the open site's on /station). Choosing the current type goes to the dashboard; choosing another
 * stores it and reloads. Every type stays in sight: below 992 px (`compact`), or when the bar has no
 * room for all of them (useBarFits), the menu is a dropdown naming the current type.
 */
export function SystemTypeMenu({ compact, current }: { compact: boolean; current: SystemType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = SYSTEM_TYPES.map((type) => ({ key: String(type), label: t(`common.systemType.${type}`) }));
  const choose = (key: string) => {
    const type = Number(key) as SystemType;
    if (type === current) {
      navigate('/dashboard');
      return;
    }
    setSystemType(type);
    // A site page shows its own type again after a reload; another type's sites start at the dashboard.
    if (window.location.pathname === '/station') window.location.assign('/dashboard');
    else window.location.reload();
  };
  const slot = useRef<HTMLDivElement>(null);
  const fits = useBarFits(slot, useLocation().pathname);
  const dropdown = (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [String(current)], onClick: ({ key }) => choose(key) }}
    >
      <Button type="text" className="bar-button" aria-label={t('app.topBar.systemType')}>
        <span className="system-type-current">{t(`common.systemType.${current}`)}</span> <DownOutlined />
      </Button>
    </Dropdown>
  );
  if (compact) return dropdown;
  return (
    <div className="system-type-slot" ref={slot}>
      {fits ? (
        <Menu
          mode="horizontal"
          disabledOverflow
          className="system-type-menu"
          aria-label={t('app.topBar.systemType')}
          selectedKeys={[String(current)]}
          items={items}
          onClick={({ key }) => choose(key)}
        />
      ) : (
        dropdown
      )}
    </div>
  );
}
