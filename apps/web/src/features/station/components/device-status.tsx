import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import type { DeviceRow } from '../lib/device-rows';

/** Online / offline since … (in the site's time zone) / fault, as words (UX.md: stale is visible). */
export function DeviceStatus({ row, now }: { row: DeviceRow; now: number }) {
  const { t } = useTranslation();
  const since = useSiteClock().since(row.offlineSince, now);
  return (
    <span className="device-status">
      {row.fault && <Tag color="red">{t('station.devices.fault')}</Tag>}
      {row.online ? (
        <Tag color="green">{t('common.status.online')}</Tag>
      ) : (
        <span className="text-offline">
          {row.offlineSince ? t('station.devices.offlineSince', { since }) : t('common.status.offline')}
        </span>
      )}
    </span>
  );
}
