import { DownloadOutlined } from '@ant-design/icons';
import type { ChargerSession, ChargerSessions, UpsEvents } from '@ems/contract/api/report';
import type { DeviceInfo } from '@ems/contract/api/station';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Segmented, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEnergy, formatNumber, formatPercent } from '../../../shared/format/quantity';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { api } from '../../../shared/http/client';
import { toastError } from '../../../shared/ui/feedback';
import { QueryError } from '../../../shared/ui/query-error';
import { downloadFile } from '../../reports/api/report-api';
import { hasOcppSessions, ocppSessionColumns, sessionRowKey } from '../lib/charger-session-columns';

type Scope = 2 | 3 | 4;

/**
 * Charger sessions (start, end, kWh, duration, solar share; an OCPP charger's also connector, id tag and
 * stop reason) and UPS on-battery events of a site's devices by month, year or total (issue 8 §5, issue 22
 * item 4, UX.md "Charger"), an OCPP charger's kWh from PV surplus under solar charging (issue 33), with CSV
 * download. Hidden on sites with neither device.
 */
export function DeviceEventsCard({
  stationId,
  devices,
  today,
  locale,
}: {
  stationId: number;
  devices: readonly DeviceInfo[];
  today: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const clock = useSiteClock();
  const candidates = devices.filter((d) => d.type === 'charger' || d.type === 'ups');
  const [deviceId, setDeviceId] = useState<number | null>(candidates[0]?.deviceId ?? null);
  const [scope, setScope] = useState<Scope>(2);
  const device = candidates.find((d) => d.deviceId === deviceId) ?? null;
  const path = device?.type === 'ups' ? 'ups-events' : 'charger-sessions';
  const params = { stationId, deviceId, statisticsType: scope, searchDate: today };
  const events = useQuery({
    queryKey: ['reports', path, params],
    queryFn: ({ signal }) =>
      api.get<ChargerSessions | UpsEvents>(`/webpvesc/ajax/report/${path}`, params, signal),
    enabled: device !== null,
    staleTime: 60_000,
  });
  if (!device) return null;

  const isUps = device.type === 'ups';
  // An open charging session has no end yet: it is still charging.
  const ongoing = t(isUps ? 'history.events.ongoing' : 'history.events.charging');
  const when = (iso: string | null) => (iso ? clock.dateTime(iso) : ongoing);
  const rows = Array.isArray(events.data) ? events.data : (events.data?.sessions ?? []);
  const ocpp = !Array.isArray(events.data) && hasOcppSessions(events.data?.sessions ?? []);
  // Solar charging's kWh from PV surplus in the period (issue 33), once per charger below its sessions.
  const surplus = Array.isArray(events.data) ? null : (events.data?.surplus ?? null);
  const columns = [
    { title: t('history.events.start'), dataIndex: 'start', key: 'start', render: when },
    { title: t('history.events.end'), dataIndex: 'end', key: 'end', render: when },
    ...(isUps
      ? [
          {
            title: `${t('history.events.minSoc')} (%)`,
            dataIndex: 'minSoc',
            key: 'minSoc',
            align: 'right' as const,
            render: (v: number | null) => formatNumber(v, locale, 0),
          },
        ]
      : [
          {
            title: `${t('history.events.energy')} (kWh)`,
            dataIndex: 'energyKwh',
            key: 'energyKwh',
            align: 'right' as const,
            render: (v: number | null) => formatNumber(v, locale, 1),
          },
          {
            title: `${t('history.events.solarShare')} (%)`,
            dataIndex: 'solarShare',
            key: 'solarShare',
            align: 'right' as const,
            render: (v: number | null) => formatNumber(v, locale, 0),
          },
        ]),
    {
      title: `${t('history.events.duration')} (min)`,
      dataIndex: 'durationMin',
      key: 'durationMin',
      align: 'right' as const,
    },
    ...(ocpp ? ocppSessionColumns(t) : []),
  ];

  return (
    <Card
      title={isUps ? t('history.events.upsTitle') : t('history.events.chargerTitle')}
      className="chart-card device-events-card"
      extra={
        <Space wrap>
          <Select
            style={{ minWidth: 160 }}
            aria-label={t('history.device.device')}
            value={deviceId}
            onChange={setDeviceId}
            options={candidates.map((d) => ({ value: d.deviceId, label: d.name }))}
          />
          <Segmented<Scope>
            value={scope}
            onChange={setScope}
            options={([2, 3, 4] as const).map((p) => ({ value: p, label: t(`history.period.${p}`) }))}
          />
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              downloadFile(
                `/webpvesc/ajax/report/${path}`,
                { ...params, format: 'csv' },
                `${path}.csv`,
              ).catch(() => toastError(t('history.report.exportFailed')))
            }
          >
            CSV
          </Button>
        </Space>
      }
    >
      {events.isError && !events.data ? (
        <QueryError error={events.error} />
      ) : (
        <Table
          size="small"
          rowKey={sessionRowKey}
          loading={events.isLoading}
          columns={columns}
          dataSource={rows as readonly (ChargerSession | UpsEvents[number])[]}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
        />
      )}
      {surplus && surplus.share !== null && (
        <Typography.Paragraph
          type="secondary"
          className="device-events-surplus"
          data-testid="sessions-surplus"
        >
          {t('history.events.fromSurplus', {
            solar: formatEnergy(surplus.surplusKwh, locale),
            charged: formatEnergy(surplus.chargedKwh, locale),
            share: formatPercent(surplus.share, locale),
          })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
