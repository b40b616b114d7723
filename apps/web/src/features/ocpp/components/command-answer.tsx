import type { ChargerCommandRow } from '@ems/contract/api/ocpp-charger';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What the charger said about a command: its answer status (Accepted, Rejected, Unlocked…) translated
 * where the catalogue knows it, and the CALLERROR code or why it failed.
 */
export function CommandAnswer({ row }: { row: Pick<ChargerCommandRow, 'status' | 'error'> }) {
  const { t } = useTranslation();
  if (!row.status && !row.error) return <Typography.Text type="secondary">–</Typography.Text>;
  return (
    <span className="ocpp-answer">
      {row.status && (
        <span data-testid="charger-answer">
          {t(`ocpp.answer.${row.status}`, { defaultValue: row.status })}
        </span>
      )}
      {row.error && (
        <Typography.Text type="danger" className="ocpp-answer-error">
          {row.error}
        </Typography.Text>
      )}
    </span>
  );
}
