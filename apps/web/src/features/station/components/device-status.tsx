import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSince } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import type { DeviceRow } from '../lib/device-rows';

/** Online / offline since … (in the site's time zone) / fault, as words (UX.md: stale is visible). */
export function DeviceStatus({ row, now, timeZone }: { row: DeviceRow; now: number; timeZone: string }) {
  const { t } = useTranslation();
  const since = formatSince(row.offlineSince, now, currentLanguageCode(), timeZone);
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
