/**
 * A charger's solar charging on the chargers card (issue 33, docs/ocpp.md "Solar charging"): its mode as a
 * segmented control and its priority among the site's chargers (the owner changes them; a viewer sees them
 * read-only), what it gets now and why ("waiting for 1.4 kW surplus for 45 s more"), and today's and the
 * month's solar share of its charging.
 */
import type { ChargerRow } from '@ems/contract/api/ocpp-charger';
import { SOLAR_MODES, SOLAR_PRIORITY_RANGE, type SolarMode } from '@ems/contract/api/solar-charging';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Segmented, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { formatEnergy, formatNumber, formatPercent, formatPower } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { refreshChargers, setSolarMode } from '../api/charger-api';
import { solarShare } from '../lib/solar';

/** The priorities the owner picks from (higher first). */
const PRIORITIES = Array.from(
  { length: SOLAR_PRIORITY_RANGE[1] - SOLAR_PRIORITY_RANGE[0] + 1 },
  (_, i) => SOLAR_PRIORITY_RANGE[0] + i,
);

/** The solar-charging line of `charger` on site `stationId`; `owner` may change the mode. */
export function SolarSection(props: { stationId: number; charger: ChargerRow; owner: boolean }) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const client = useQueryClient();
  const action = useInlineAction('ocpp.errors.generic');
  const s = props.charger.solar;
  const choose = (mode: SolarMode, priority = s?.priority) =>
    action.run(async () => {
      await setSolarMode({
        deviceId: props.charger.deviceId,
        mode,
        ...(s ? { connectorId: s.connectorId, minCurrentA: s.minCurrentA, phases: s.phases } : {}),
        ...(priority === undefined ? {} : { priority }),
      });
      await refreshChargers(client, props.stationId);
    });
  return (
    <div className="ocpp-solar" data-testid="charger-solar">
      <Space wrap size={8} align="center">
        <Typography.Text type="secondary">{t('ocpp.solar.mode')}</Typography.Text>
        <Segmented<SolarMode>
          size="small"
          aria-label={t('ocpp.solar.mode')}
          data-testid="solar-mode"
          // Under no solar control a charger charges as fast as it can: that is what `now` means.
          value={s?.mode ?? 'now'}
          disabled={!props.owner || action.pending}
          onChange={(mode) => void choose(mode)}
          options={SOLAR_MODES.map((m) => ({ value: m, label: t(`ocpp.solar.modes.${m}`) }))}
        />
        {s !== null && (
          <span className="ocpp-solar-priority" title={t('ocpp.solar.priorityHint')}>
            <Typography.Text type="secondary">{t('ocpp.solar.priority')}</Typography.Text>{' '}
            <Select<number>
              size="small"
              aria-label={t('ocpp.solar.priority')}
              data-testid="solar-priority"
              value={s.priority}
              disabled={!props.owner || action.pending}
              onChange={(priority) => void choose(s.mode, priority)}
              options={PRIORITIES.map((p) => ({ value: p, label: String(p) }))}
              style={{ width: 64 }}
            />
          </span>
        )}
      </Space>
      {s === null ? (
        <Typography.Paragraph type="secondary" className="ocpp-solar-line">
          {t('ocpp.solar.unmanaged')}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph className="ocpp-solar-line" data-testid="solar-decision">
          {s.limitA !== null &&
            t('ocpp.solar.gets', {
              current: formatNumber(s.limitA, locale, 1),
              power: formatPower(s.limitA * s.phases * 230, locale),
            })}{' '}
          {s.reason !== null &&
            t(`ocpp.solar.reasons.${s.reason}`, {
              need: formatPower(s.needW, locale),
              seconds: s.remainingS ?? 0,
            })}
          {s.surplusW !== null && (
            <Typography.Text type="secondary">
              {' · '}
              {t('ocpp.solar.surplus', { power: formatPower(s.surplusW, locale) })}
            </Typography.Text>
          )}
        </Typography.Paragraph>
      )}
      {s !== null && (
        <>
          <ShareLine
            testId="solar-share"
            solarKwh={s.todaySolarKwh}
            chargedKwh={s.todayChargedKwh}
            text="ocpp.solar.share"
            none="ocpp.solar.shareNone"
          />
          <ShareLine
            testId="solar-share-month"
            solarKwh={s.monthSolarKwh}
            chargedKwh={s.monthChargedKwh}
            text="ocpp.solar.shareMonth"
            none="ocpp.solar.shareMonthNone"
          />
        </>
      )}
      {action.error && <Alert type="error" showIcon title={action.error} />}
    </div>
  );
}

/** One period's solar share: "Today 3 kWh of 4 kWh from the sun (75 %)", or that nothing was charged. */
function ShareLine(props: {
  testId: string;
  solarKwh: number;
  chargedKwh: number;
  text: 'ocpp.solar.share' | 'ocpp.solar.shareMonth';
  none: 'ocpp.solar.shareNone' | 'ocpp.solar.shareMonthNone';
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const share = solarShare(props.solarKwh, props.chargedKwh);
  return (
    <Typography.Paragraph type="secondary" className="ocpp-solar-line" data-testid={props.testId}>
      {share === null
        ? t(props.none)
        : t(props.text, {
            solar: formatEnergy(props.solarKwh, locale),
            charged: formatEnergy(props.chargedKwh, locale),
            share: formatPercent(share, locale),
          })}
    </Typography.Paragraph>
  );
}
