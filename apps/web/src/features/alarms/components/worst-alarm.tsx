import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { worstKind } from '../../../shared/domain/alarm-level';
import { AlarmLevelTag } from '../../../shared/ui/alarm-level-tag';
import { useCurrentAlarmCount } from '../api/get-current-alarm-count';

/** A site's worst active alarm (UX.md: its own indicator, never merged with communication). */
export function WorstAlarm({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const { data } = useCurrentAlarmCount({ stationIds: [stationId] });
  if (!data) return null;
  const kind = worstKind(data.byLevel);
  if (!kind) {
    return (
      <span className="indicator indicator-ok">
        <CheckCircleFilled /> {t('alarms.station.none')}
      </span>
    );
  }
  return <AlarmLevelTag kind={kind} count={data.byLevel[kind]} />;
}
