/**
 * Device detail on the station page (issue 7 §4, spec §2 deviceId in the station query, UX.md "Device
 * detail"): a device selector that keeps deviceId in the query, the device's header (manufacturer,
 * model, serial numbers, versions, status, last update) and every point it reports, grouped as
 * lib/device-points.ts says, labelled in the viewer's language with units. Live values come from the
 * station page's list/real query (refreshed every 5 s), so this adds no request of its own. Other
 * features add tabs beside the live values through `useDeviceTabs` (the app wires the device-params
 * feature's Parameters tab, issue 21), so this feature does not depend on them.
 */
import type { DeviceInfo, DeviceReal } from '@ems/contract/api/station';
import { Card, Descriptions, Empty, Select, Tabs, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  formatCurrent,
  formatEnergy,
  formatNumber,
  formatPercent,
  formatPower,
  formatTemperature,
  formatVoltage,
} from '../../../shared/format/quantity';
import { formatRelative } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { useNow } from '../../../shared/ui/use-now';
import { useBaseInfo } from '../../station/api/get-base-info';
import { useStationReal } from '../../station/api/get-list-real';
import { groupPoints, type PointItem } from '../lib/device-points';
import { paramOption } from '../lib/param-points';

/** A tab another feature adds to the device detail, after the live values. */
export interface DeviceTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/** No extra tabs: the hook used when the app gives none. */
const noTabs = (_device: DeviceInfo | null): DeviceTab[] => [];

/**
 * The detail card of the device named by `deviceId` in the query (the site's first device when none).
 * `useDeviceTabs` is a hook (called on every render) giving the extra tabs of the chosen device.
 */
export function DeviceDetailCard({
  stationId,
  useDeviceTabs = noTabs,
}: {
  stationId: number;
  useDeviceTabs?: (device: DeviceInfo | null) => DeviceTab[];
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const devices = useBaseInfo(stationId).data?.devices ?? [];
  const real = useStationReal(stationId).data;
  const asked = Number(params.get('deviceId'));
  const device = devices.find((d) => d.deviceId === asked) ?? devices[0] ?? null;
  const extraTabs = useDeviceTabs(device);
  if (!device) return null;
  const live = real?.devices?.find((d) => d.deviceId === device.deviceId);
  const liveBody = (
    <>
      <DeviceHeader device={device} live={live} />
      <DevicePoints live={live} />
    </>
  );

  const choose = (deviceId: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('deviceId', String(deviceId));
        return next;
      },
      { replace: true },
    );

  return (
    <Card
      title={t('fleet.detail.title')}
      className="fleet-device-detail"
      extra={
        <Select
          aria-label={t('fleet.detail.choose')}
          className="fleet-device-select"
          value={device.deviceId}
          onChange={choose}
          options={devices.map((d) => ({
            value: d.deviceId,
            label: `${d.name} · ${t(`fleet.device.types.${d.type}`)}`,
          }))}
        />
      }
    >
      {extraTabs.length === 0 ? (
        liveBody
      ) : (
        // Keyed by device, so choosing another device opens on its live values.
        <Tabs
          key={device.deviceId}
          items={[{ key: 'live', label: t('fleet.detail.liveTab'), children: liveBody }, ...extraTabs]}
        />
      )}
    </Card>
  );
}

function DeviceHeader({ device, live }: { device: DeviceInfo; live: DeviceReal | undefined }) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const now = useNow(5_000);
  const online = live?.online ?? device.online;
  const updated = live?.ts ?? live?.lastSeen ?? device.lastSeen;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 4 }}
      items={[
        {
          key: 'status',
          label: t('fleet.device.status'),
          children: (
            <Tag color={online ? 'success' : 'default'}>
              {t(online ? 'fleet.device.online' : 'fleet.device.offline')}
            </Tag>
          ),
        },
        {
          key: 'updated',
          label: t('fleet.detail.updated'),
          children: updated
            ? formatRelative(updated, now, locale, t('common.time.justNow'))
            : t('fleet.device.never'),
        },
        { key: 'manufacturer', label: t('fleet.detail.manufacturer'), children: device.manufacturer ?? '–' },
        { key: 'model', label: t('fleet.device.model'), children: device.model ?? '–' },
        // Null for a shared viewer: the two serial numbers claim the device (docs/permissions.md).
        { key: 'sn', label: t('fleet.device.serialNumber'), children: device.serialNumber ?? '–' },
        { key: 'comm', label: t('fleet.device.commSerialNumber'), children: device.commSerialNumber ?? '–' },
        {
          key: 'versions',
          label: t('fleet.device.versions'),
          children: `${device.softwareVersion ?? '–'} / ${device.hardwareVersion ?? '–'}`,
        },
        { key: 'type', label: t('fleet.device.type'), children: t(`fleet.device.types.${device.type}`) },
      ]}
    />
  );
}

function DevicePoints({ live }: { live: DeviceReal | undefined }) {
  const { t } = useTranslation();
  const groups = groupPoints(live?.points ?? {});
  if (groups.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fleet.detail.noPoints')} />;
  }
  return (
    <div className="fleet-point-groups">
      {groups.map(({ group, items }) => (
        <section key={group} className="fleet-point-group" aria-label={t(`fleet.detail.groups.${group}`)}>
          <Typography.Title level={5}>{t(`fleet.detail.groups.${group}`)}</Typography.Title>
          <dl>
            {items.map((item) => (
              <div key={item.key} className="fleet-point">
                <dt>{pointName(item, t)}</dt>
                <dd data-testid={`point-${item.key}`}>
                  <PointValue item={item} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/**
 * A point's name in the viewer's language: a known point's label, a reported parameter's as the
 * Parameters tab names it (a price period with its number), else the code itself.
 */
function pointName(item: PointItem, t: TFunction): string {
  if (item.param) {
    const period = /^Tou(\d+)$/.exec(item.key)?.[1];
    const name = t(`deviceParams.field.${item.param}`);
    return period ? `${name} ${period}` : name;
  }
  return item.known ? t(`fleet.point.${item.key}`) : item.key;
}

/** A point's value in the viewer's language: numbers with their unit, enums as words, booleans yes/no. */
function PointValue({ item }: { item: PointItem }) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const { value } = item;
  if (typeof value === 'boolean' || item.kind === 'boolean') {
    return <>{t(value === true || value === 1 ? 'fleet.detail.yes' : 'fleet.detail.no')}</>;
  }
  if (item.kind === 'enum' && item.param) {
    const option = paramOption(item.param, value);
    return <>{t(`deviceParams.option.${item.param}.${option}`, { defaultValue: option })}</>;
  }
  if (item.kind === 'enum') {
    return <>{t(`fleet.enum.${item.key}.${String(value)}`, { defaultValue: String(value) })}</>;
  }
  if (typeof value !== 'number') return <>{value}</>;
  switch (item.kind) {
    case 'power':
      return <>{formatPower(value, locale)}</>;
    case 'energyWh':
      return <>{formatEnergy(value / 1000, locale)}</>;
    case 'voltage':
      return <>{formatVoltage(value, locale)}</>;
    case 'current':
      return <>{formatCurrent(value, locale)}</>;
    case 'frequency':
      return <>{`${formatNumber(value, locale, 2)} Hz`}</>;
    case 'temperature':
      return <>{formatTemperature(value, locale)}</>;
    case 'percent':
      return <>{formatPercent(value, locale)}</>;
    default:
      return <>{formatNumber(value, locale, 2)}</>;
  }
}
