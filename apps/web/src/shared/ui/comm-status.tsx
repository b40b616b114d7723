import { ApiOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Communication indicator (UX.md: one of two per site, never merged with alarms). Icon only, with the
 * word as tooltip and accessible name; `withText` also writes it.
 */
export function CommStatus({ online, withText = false }: { online: boolean; withText?: boolean }) {
  const { t } = useTranslation();
  const label = online ? t('common.status.online') : t('common.status.offline');
  return (
    <Tooltip title={withText ? undefined : label}>
      <span
        className={`indicator ${online ? 'indicator-online' : 'indicator-offline'}`}
        role="img"
        aria-label={label}
      >
        {online ? <ApiOutlined /> : <DisconnectOutlined />}
        {withText && <span>{label}</span>}
      </span>
    </Tooltip>
  );
}
