/**
 * A charger's connectors as last reported (StatusNotification): a coloured status tag, the error code
 * when not NoError, the open session's id tag and power, and for the owner Stop (with a session) and
 * Unlock. Connector 0 (the whole charger) is left out: its state shows on the charger.
 */
import type { ChargerRow } from '@ems/contract/api/ocpp-charger';
import { Button, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPower } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { connectorColor } from '../lib/charger-status';
import type { useChargerActions } from './use-charger-actions';

/** The list; `actions` null for a reader who may not operate the charger. */
export function ConnectorList({
  connectors,
  actions,
}: {
  connectors: ChargerRow['connectors'];
  actions: ReturnType<typeof useChargerActions> | null;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const outlets = connectors.filter((c) => c.connectorId > 0);
  if (outlets.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ocpp.charger.noConnectors')} />;
  }
  return (
    <ul className="ocpp-connectors">
      {outlets.map((c) => (
        <li
          key={c.connectorId}
          className="ocpp-connector"
          data-testid="connector"
          data-connector={c.connectorId}
        >
          <span className="ocpp-connector-name">{t('ocpp.charger.connector', { id: c.connectorId })}</span>
          <Tag color={connectorColor(c.status)} data-testid="connector-status" data-status={c.status}>
            {t(`ocpp.status.${c.status}`, { defaultValue: c.status })}
          </Tag>
          {c.errorCode && c.errorCode !== 'NoError' && (
            <Typography.Text type="danger">
              {t(`ocpp.error.${c.errorCode}`, { defaultValue: c.errorCode })}
            </Typography.Text>
          )}
          {c.transactionId !== null && (
            <span className="ocpp-session" data-testid="connector-session">
              {t('ocpp.charger.session', { idTag: c.idTag ?? '–' })}
              {c.powerKw !== null && ` · ${formatPower(c.powerKw * 1000, locale)}`}
            </span>
          )}
          {actions && (
            <Space size={4} className="ocpp-connector-actions">
              {c.transactionId !== null && (
                <Button size="small" danger onClick={() => actions.stop(c.transactionId!)}>
                  {t('ocpp.actions.stop')}
                </Button>
              )}
              <Button size="small" onClick={() => actions.unlock(c.connectorId)}>
                {t('ocpp.actions.unlock')}
              </Button>
            </Space>
          )}
        </li>
      ))}
    </ul>
  );
}
