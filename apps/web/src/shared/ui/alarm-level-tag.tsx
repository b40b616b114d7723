import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_COLORS, type AlarmKind } from '../domain/alarm-level';

/** A level as a coloured tag (UX.md: fatal and fault red, alarm orange, notice blue). */
export function AlarmLevelTag({ kind, count }: { kind: AlarmKind; count?: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={ALARM_COLORS[kind]}>
      {t(`alarms.level.${kind}`)}
      {count !== undefined ? ` ${count}` : ''}
    </Tag>
  );
}
