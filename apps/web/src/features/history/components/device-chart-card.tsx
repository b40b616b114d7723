import type { DeviceLines } from '@ems/contract/api/report';
import type { DeviceInfo, DeviceReal } from '@ems/contract/api/station';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pointLabel } from '../../../shared/domain/point-label';
import { api } from '../../../shared/http/client';
import { QueryError } from '../../../shared/ui/query-error';
import { EChartHost } from '../../station/components/echart-host';
import {
  deviceChartOption,
  loadMetrics,
  MAX_METRICS,
  metricOptions,
  saveMetrics,
  unitOfPoint,
  withMetric,
} from '../lib/device-chart';
import { isLocalDate } from '../lib/period-nav';

/**
 * Per-device chart (issue 8 §2): a device, then up to 5 of the points it reports, over the history's
 * day (today when the history shows a longer period). The choice is kept per device in session
 * storage (spec §3). `?deviceId=&metric=` ("chart this" on a device-detail value) chooses the device
 * and puts the metric first.
 */
export function DeviceChartCard({
  stationId,
  devices,
  live,
  today,
  locale,
}: {
  stationId: number;
  devices: readonly DeviceInfo[];
  live: readonly DeviceReal[] | undefined;
  today: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = Number(params.get('deviceId'));
  const askedMetric = params.get('metric');
  const [deviceId, setDeviceId] = useState<number | null>(
    devices.some((d) => d.deviceId === asked) ? asked : (devices[0]?.deviceId ?? null),
  );
  const options = metricOptions(live?.find((d) => d.deviceId === deviceId)?.points);
  const [metrics, setMetrics] = useState<string[]>([]);

  // A device's stored choice comes back when it is chosen again; "chart this" adds its metric. The
  // fallback (its first point) is a plain string, so the live values' 5-s refresh does not reset it.
  const firstOption = options[0] ?? null;
  useEffect(() => {
    if (deviceId === null) return;
    let chosen = loadMetrics(sessionStorage, deviceId, firstOption ? [firstOption] : []);
    if (askedMetric && deviceId === asked) chosen = withMetric(chosen, askedMetric);
    setMetrics(chosen);
  }, [deviceId, askedMetric, asked, firstOption]);

  const choose = (next: string[]) => {
    setMetrics(next);
    if (deviceId !== null) saveMetrics(sessionStorage, deviceId, next);
  };

  const raw = params.get('searchDate');
  const date = params.get('statisticsType') === '1' || !params.get('statisticsType') ? raw : null;
  const day = isLocalDate(date) && date <= today ? date : today;
  const lines = useQuery({
    queryKey: ['stations', 'device-lines', stationId, deviceId, day, metrics],
    queryFn: ({ signal }) =>
      api.get<DeviceLines>(
        '/webpvesc/ajax/report/device-lines',
        { stationId, deviceId, searchDate: day, metrics },
        signal,
      ),
    enabled: deviceId !== null && metrics.length > 0,
    staleTime: 60_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
  const option = useMemo(
    () => (lines.data ? deviceChartOption(lines.data, locale, (key) => pointLabel(key, t)) : null),
    [lines.data, locale, t],
  );
  const hasData = Boolean(lines.data?.series.some((s) => s.values.some((v) => v !== null)));

  if (devices.length === 0) return null;
  return (
    <Card
      id="device-chart"
      title={t('history.device.title', { date: day })}
      className="chart-card device-chart-card"
      extra={
        <Space wrap>
          <Select
            style={{ minWidth: 180 }}
            aria-label={t('history.device.device')}
            value={deviceId}
            onChange={setDeviceId}
            options={devices.map((d) => ({ value: d.deviceId, label: d.name }))}
          />
          <Select
            mode="multiple"
            style={{ minWidth: 260 }}
            aria-label={t('history.device.metrics')}
            placeholder={t('history.device.metrics')}
            maxCount={MAX_METRICS}
            value={metrics}
            onChange={choose}
            options={[...new Set([...metrics, ...options])].map((m) => ({
              value: m,
              label: pointLabel(m, t, unitOfPoint(m)),
            }))}
          />
        </Space>
      }
    >
      {metrics.length === 0 ? (
        <Empty description={t('history.device.pick')} />
      ) : lines.isError && !lines.data ? (
        <QueryError error={lines.error} />
      ) : !option ? (
        <Skeleton active />
      ) : hasData ? (
        <EChartHost option={option} testId="history-chart" />
      ) : (
        <Empty description={t('history.noData', { date: day })} />
      )}
    </Card>
  );
}
