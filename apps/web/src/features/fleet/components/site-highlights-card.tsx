/**
 * The station page's card of what matters for the site's system type (issue 7 §4; lib/type-highlights.ts):
 * PV specific yield, storage SOC and charge/discharge, each charger's connector state as a sentence,
 * each UPS's on-battery state, load and SOC, each sensor's temperature and humidity. Uses the page's
 * own base info and list/real queries, so it adds no request.
 */
import { Card, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatEnergy,
  formatNumber,
  formatPercent,
  formatPower,
  formatTemperature,
} from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { useBaseInfo } from '../../station/api/get-base-info';
import { useStationReal } from '../../station/api/get-list-real';
import { type Highlight, typeHighlights } from '../lib/type-highlights';

/** The highlights card of site `stationId`; nothing while its data loads or when nothing applies. */
export function SiteHighlightsCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const base = useBaseInfo(stationId).data;
  const live = useStationReal(stationId).data;
  if (!base || !live) return null;
  const items = typeHighlights(base.systemType, {
    today: live.today,
    soc: live.flow.soc,
    devices: live.devices ?? [],
    capacity: base.capacity,
  });
  if (items.length === 0) return null;
  const nameOf = (id: number) => base.devices.find((d) => d.deviceId === id)?.name ?? String(id);
  return (
    <Card title={t('fleet.highlight.title')} className="fleet-highlights">
      <div className="fleet-highlight-grid">
        {items.map((h) => (
          <HighlightItem key={'deviceId' in h ? `${h.key}${h.deviceId}` : h.key} item={h} nameOf={nameOf} />
        ))}
      </div>
    </Card>
  );
}

function HighlightItem({ item, nameOf }: { item: Highlight; nameOf: (id: number) => string }) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const missing = '–';
  switch (item.key) {
    case 'specificYield':
      return (
        <Statistic
          title={t('fleet.highlight.specificYield')}
          value={item.kwhPerKwp === null ? missing : `${formatNumber(item.kwhPerKwp, locale, 2)} kWh/kWp`}
        />
      );
    case 'soc':
      return <Statistic title={t('fleet.highlight.soc')} value={formatPercent(item.percent, locale)} />;
    case 'chargeDischarge':
      return (
        <Statistic
          title={t('fleet.highlight.chargeDischarge')}
          value={`${formatEnergy(item.chargeKwh, locale)} / ${formatEnergy(item.dischargeKwh, locale)}`}
        />
      );
    case 'connector':
      return (
        <Statistic
          title={nameOf(item.deviceId)}
          value={
            item.status === null
              ? missing
              : t(`fleet.enum.ConnectorStatus.${item.status}`, { defaultValue: item.status })
          }
          suffix={item.powerW ? <small>{formatPower(item.powerW, locale)}</small> : undefined}
        />
      );
    case 'ups':
      return (
        <div className="fleet-highlight-ups">
          <div className="fleet-highlight-name">{nameOf(item.deviceId)}</div>
          <Tag color={item.onBattery ? 'warning' : item.onBattery === false ? 'success' : 'default'}>
            {t(
              item.onBattery
                ? 'fleet.highlight.onBattery'
                : item.onBattery === false
                  ? 'fleet.highlight.onMains'
                  : 'fleet.highlight.unknown',
            )}
          </Tag>
          <div>
            {t('fleet.highlight.load')}: {formatPower(item.loadW, locale)} · {t('fleet.highlight.soc')}:{' '}
            {formatPercent(item.soc, locale)}
          </div>
        </div>
      );
    case 'environment':
      return (
        <Statistic
          title={nameOf(item.deviceId)}
          value={`${formatTemperature(item.temperature, locale)} · ${formatPercent(item.humidity, locale)}`}
        />
      );
  }
}
