import type { CommandRow } from '@ems/contract/api/device-commands';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '../../../shared/format/time';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { paramValueText } from '../lib/param-text';
import { CommandStateTag } from './command-state';

/** What the device reported for the tab: the values and the sample's time (null: never). */
export interface ReportedInfo {
  values: Record<string, unknown>;
  at: string | null;
  /** Parameters changed (or reverted) on the device since the platform set them. */
  changedOnDevice: readonly string[];
}

/**
 * Under a parameter's input: the value the device reported and when (nothing when the device never
 * reported its parameters: the tab says so once), the value a pending command asks
 * with its state, and a tag when the device changed it itself (issue 21 item 5).
 */
export function FieldStatus(props: {
  paramKey: string;
  reported: ReportedInfo;
  pending: CommandRow | undefined;
  now: number;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const clock = useSiteClock();
  const { paramKey, reported, pending } = props;
  const has = paramKey in reported.values;
  return (
    <span className="param-status" data-testid={`param-status-${paramKey}`}>
      {/* The exact time on hover: the relative one moves with every report. */}
      <Typography.Text
        type="secondary"
        className="param-reported"
        title={has && reported.at ? clock.dateTime(reported.at, true) : undefined}
      >
        {has
          ? t('deviceParams.reported', {
              value: paramValueText(paramKey, reported.values[paramKey], t, locale),
              when: formatRelative(reported.at, props.now, locale, t('common.time.justNow')),
            })
          : reported.at && t('deviceParams.notReported')}
      </Typography.Text>
      {reported.changedOnDevice.includes(paramKey) && (
        <Tag color="warning">{t('deviceParams.changedOnDevice')}</Tag>
      )}
      {pending && (
        <span className="param-pending" data-testid={`param-pending-${paramKey}`}>
          <Typography.Text>
            {t('deviceParams.asked', {
              value: paramValueText(paramKey, pending.params[paramKey], t, locale),
            })}
          </Typography.Text>
          <CommandStateTag state={pending.state} />
        </span>
      )}
    </span>
  );
}
