import { DownOutlined } from '@ant-design/icons';
import { SYSTEM_TYPES, type SystemType } from '@ems/contract/constants';
import { Button, Dropdown, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getSystemType, setSystemType } from '../../shared/session/preferences';

/**
 * System-type menu of the top bar (spec §2): 1, 2, 6, 7, 3, default 3. Choosing the current type goes
 * to the dashboard; choosing another stores it and reloads.
 */
export function SystemTypeMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = getSystemType();
  const items = SYSTEM_TYPES.map((type) => ({ key: String(type), label: t(`common.systemType.${type}`) }));
  const choose = (key: string) => {
    const type = Number(key) as SystemType;
    if (type === current) {
      navigate('/dashboard');
      return;
    }
    setSystemType(type);
    window.location.reload();
  };
  if (compact) {
    return (
      <Dropdown
        trigger={['click']}
        menu={{ items, selectable: true, selectedKeys: [String(current)], onClick: ({ key }) => choose(key) }}
      >
        <Button type="text" className="bar-button" aria-label={t('app.topBar.systemType')}>
          {t(`common.systemType.${current}`)} <DownOutlined />
        </Button>
      </Dropdown>
    );
  }
  return (
    <Menu
      mode="horizontal"
      className="system-type-menu"
      aria-label={t('app.topBar.systemType')}
      selectedKeys={[String(current)]}
      items={items}
      onClick={({ key }) => choose(key)}
    />
  );
}
