import { AlertOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALARM_KINDS_WORST_FIRST } from '../../../shared/domain/alarm-level';
import { formatNumber, MISSING } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { AlarmLevelTag } from '../../../shared/ui/alarm-level-tag';
import { KpiCard } from '../../../shared/ui/kpi-card';
import { useSystemAlarmCount } from '../api/system-alarm-count';

/**
 * Dashboard KPI: active alarms of the layout's system type (shared with the top-bar badge), by level.
 * It opens the alarm list (issue 9).
 */
export function ActiveAlarmsCard() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useSystemAlarmCount();
  const present = ALARM_KINDS_WORST_FIRST.filter((k) => (data?.byLevel[k] ?? 0) > 0);
  return (
    <Link to="/alarms" className="kpi-link" aria-label={t('alarms.kpi.open')}>
      <KpiCard
        label={t('alarms.kpi.active')}
        icon={<AlertOutlined />}
        accent={data && data.count > 0 ? '#e5484d' : '#0ebe54'}
        loading={isPending}
        testId="kpi-alarms"
        value={data ? formatNumber(data.count, currentLanguageCode()) : MISSING}
        sub={
          present.length > 0
            ? present.map((k) => <AlarmLevelTag key={k} kind={k} count={data?.byLevel[k]} />)
            : isError && !data
              ? t('common.errors.tryLater')
              : t('alarms.kpi.none')
        }
      />
    </Link>
  );
}
