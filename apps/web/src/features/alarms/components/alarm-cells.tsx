import type { AlarmRow } from '@ems/contract/api/alarm';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmKind } from '../../../shared/domain/alarm-level';
import { MISSING } from '../../../shared/format/quantity';
import { formatDuration } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { AlarmLevelTag } from '../../../shared/ui/alarm-level-tag';
import {
  type AlarmColumn,
  type AlarmListScope,
  type AlarmOpenEvent,
  alarmDurationMs,
  alarmOpenEvent,
  alarmTimeText,
  namesZone,
  siteClickable,
} from './alarm-table-model';

/** A column's title and how one row's cell reads. */
export interface AlarmCell {
  title: string;
  render(row: AlarmRow): ReactNode;
}

/**
 * The title and cell of every column of the alarm list (spec §2), shared by the table (wide screens) and
 * the cards (below 992 px): times in the site's zone, with the zone's offset when `rows` span zones or
 * their zone's clock differs from the browser's;
 * device, site (overview only) and detail as links that emit AlarmOpenEvent through `onOpen`.
 */
export function useAlarmCells(
  scope: AlarmListScope,
  rows: readonly AlarmRow[],
  nowMs: number,
  onOpen?: (event: AlarmOpenEvent) => void,
): Record<AlarmColumn, AlarmCell> {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const showZone = namesZone(rows, nowMs);
  const time = (ts: number | null, zone: string) =>
    alarmTimeText(ts, nowMs, locale, zone, t('common.time.justNow'), showZone);
  const open = (kind: AlarmOpenEvent['kind'], row: AlarmRow) => onOpen?.(alarmOpenEvent(kind, row));
  const link = (text: string, label: string, onClick: () => void) => (
    <Button type="link" size="small" className="alarm-link" aria-label={label} onClick={onClick}>
      {text}
    </Button>
  );
  return {
    alarmTime: { title: t('alarms.table.time'), render: (r) => time(r.alarmTime, r.timeZone) },
    clearTime: { title: t('alarms.table.cleared'), render: (r) => time(r.clearTime, r.timeZone) },
    duration: {
      title: t('alarms.table.duration'),
      render: (r) => formatDuration(alarmDurationMs(r), locale),
    },
    alarmDesc: { title: t('alarms.table.description'), render: (r) => r.alarmDesc },
    alarmCode: { title: t('alarms.table.code'), render: (r) => r.alarmCode },
    alarmLevel: {
      title: t('alarms.table.level'),
      render: (r) => {
        const kind = alarmKind(r.alarmLevel);
        return kind ? <AlarmLevelTag kind={kind} /> : MISSING;
      },
    },
    device: {
      title: t('alarms.table.device'),
      render: (r) =>
        r.deviceId === null
          ? MISSING
          : link(r.deviceName ?? String(r.deviceId), t('alarms.table.openDevice'), () => open('device', r)),
    },
    station: {
      title: t('alarms.table.site'),
      render: (r) =>
        siteClickable(scope)
          ? link(r.stationName, t('alarms.table.openSite'), () => open('station', r))
          : r.stationName,
    },
    detail: {
      title: t('alarms.table.detail'),
      render: (r) => link(t('alarms.table.detail'), t('alarms.table.openDetail'), () => open('log', r)),
    },
  };
}
