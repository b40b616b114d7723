import type { DeviceReal, EnergyFlow, EnergyTotals } from '@ems/contract/api/station';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { energyFormatter, formatPercent } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { SERIES_COLORS } from '../../../shared/ui/series-colors';
import { selfConsumption, selfSufficiency } from '../lib/self-ratios';

interface Row {
  label: string;
  value: number | null;
  color?: string;
}

/** One card: a title, a main figure and its parts, all in the unit of the card's largest value. */
function EnergyCard({
  title,
  accent,
  rows,
  extra,
}: {
  title: string;
  accent: string;
  rows: Row[];
  extra?: ReactNode;
}) {
  const fmt = energyFormatter(
    rows.map((r) => r.value),
    currentLanguageCode(),
  );
  return (
    <Card size="small" className="today-card" style={{ borderTopColor: accent }}>
      <div className="today-card-title">{title}</div>
      <dl>
        {rows.map((r) => (
          <div key={r.label}>
            <dt>
              {r.color && <i className="dot" style={{ background: r.color }} />}
              {r.label}
            </dt>
            <dd>{fmt(r.value)}</dd>
          </div>
        ))}
      </dl>
      {extra}
    </Card>
  );
}

function RatioCard({ title, value, color }: { title: string; value: number | null; color: string }) {
  const locale = currentLanguageCode();
  return (
    <Card size="small" className="today-card today-ratio" style={{ borderTopColor: color }}>
      <div className="today-card-title">{title}</div>
      <div className="ratio-value">{formatPercent(value, locale)}</div>
      <div className="ratio-bar" aria-hidden="true">
        <span style={{ width: `${value ?? 0}%`, background: color }} />
      </div>
    </Card>
  );
}

const allNull = (...values: Array<number | null>) => values.every((v) => v === null);

/**
 * Today's cards beside the flow (UX.md "Station, live"): production (per inverter), grid, storage,
 * consumption (chargers and the rest), self-sufficiency and self-consumption (PV and home storage sites
 * only: no self-sufficiency on a UPS site, issue 7 §4). A card whose values
 * the site does not have is left out (a ratio needs its grid meter).
 */
export function TodayCards(props: {
  /** Self-sufficiency and self-consumption only mean something on PV (1) and home storage (6) sites. */
  systemType: number;
  today: EnergyTotals;
  flow: EnergyFlow;
  devices: DeviceReal[];
  deviceName: (deviceId: number) => string;
}) {
  const { t } = useTranslation();
  const { today, devices } = props;
  const selfRatios = props.systemType === 1 || props.systemType === 6;
  const inverters = devices.filter((d) => d.type === 'inverter');
  const chargers = devices.filter((d) => d.type === 'charger');
  const chargerKwh = chargers.length
    ? chargers.reduce<number | null>((a, d) => (d.todayKwh === null ? a : (a ?? 0) + d.todayKwh), null)
    : null;
  const otherKwh =
    today.consumptionKwh !== null && chargerKwh !== null
      ? Math.max(0, today.consumptionKwh - chargerKwh)
      : null;

  return (
    <div className="today-cards">
      {!allNull(today.productionKwh) && (
        <EnergyCard
          title={t('station.today.production')}
          accent={SERIES_COLORS.production}
          rows={[
            { label: t('station.today.total'), value: today.productionKwh, color: SERIES_COLORS.production },
            ...(inverters.length > 1
              ? inverters.map((d) => ({ label: props.deviceName(d.deviceId), value: d.todayKwh }))
              : []),
          ]}
        />
      )}
      {!allNull(today.gridBuyKwh, today.gridSellKwh) && (
        <EnergyCard
          title={t('station.today.grid')}
          accent={SERIES_COLORS.gridBuy}
          rows={[
            { label: t('station.today.gridBuy'), value: today.gridBuyKwh, color: SERIES_COLORS.gridBuy },
            { label: t('station.today.gridSell'), value: today.gridSellKwh, color: SERIES_COLORS.gridSell },
          ]}
        />
      )}
      {!allNull(today.chargeKwh, today.dischargeKwh) && (
        <EnergyCard
          title={t('station.today.storage')}
          accent={SERIES_COLORS.charge}
          rows={[
            { label: t('station.today.charge'), value: today.chargeKwh, color: SERIES_COLORS.charge },
            {
              label: t('station.today.discharge'),
              value: today.dischargeKwh,
              color: SERIES_COLORS.discharge,
            },
          ]}
          extra={
            props.flow.soc !== null && (
              <div className="today-card-foot">
                {t('station.today.soc')}: {formatPercent(props.flow.soc, currentLanguageCode())}
              </div>
            )
          }
        />
      )}
      {!allNull(today.consumptionKwh) && (
        <EnergyCard
          title={t('station.today.consumption')}
          accent={SERIES_COLORS.consumption}
          rows={[
            {
              label: t('station.today.total'),
              value: today.consumptionKwh,
              color: SERIES_COLORS.consumption,
            },
            ...(chargerKwh !== null
              ? [
                  {
                    label: t('station.today.chargers'),
                    value: chargerKwh,
                    color: SERIES_COLORS.directConsumption,
                  },
                  { label: t('station.today.other'), value: otherKwh },
                ]
              : []),
          ]}
        />
      )}
      {selfRatios && today.consumptionKwh !== null && today.gridBuyKwh !== null && (
        <RatioCard
          title={t('station.today.selfSufficiency')}
          value={selfSufficiency(today)}
          color={SERIES_COLORS.charge}
        />
      )}
      {selfRatios && today.productionKwh !== null && today.gridSellKwh !== null && (
        <RatioCard
          title={t('station.today.selfConsumption')}
          value={selfConsumption(today)}
          color={SERIES_COLORS.production}
        />
      )}
    </div>
  );
}
