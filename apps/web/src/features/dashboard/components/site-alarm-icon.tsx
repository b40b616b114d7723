import { CheckCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmKind } from '../../../shared/domain/alarm-level';
import { AlarmLevelTag } from '../../../shared/ui/alarm-level-tag';

/** A site's worst active alarm in the table: a level tag, or a quiet tick when there is none. */
export function SiteAlarmIcon({ level }: { level: number | null }) {
  const { t } = useTranslation();
  const kind = alarmKind(level);
  if (!kind) {
    return (
      <Tooltip title={t('dashboard.table.noAlarm')}>
        <span className="indicator indicator-ok" role="img" aria-label={t('dashboard.table.noAlarm')}>
          <CheckCircleOutlined />
        </span>
      </Tooltip>
    );
  }
  return <AlarmLevelTag kind={kind} />;
}
