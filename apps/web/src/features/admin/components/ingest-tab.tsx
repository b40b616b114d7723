import type { IngestStatus } from '@ems/contract/api/ingest';
import { Alert, Card, Descriptions, Skeleton, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { useIngestStatus } from '../api/get-ingest';
import { IngestGateTable } from './ingest-gate-table';
import { IngestNodesTable } from './ingest-nodes-table';

/** Counters shown as cards, in this order; the ones that mean trouble are `warn`. */
const COUNTS: { key: keyof IngestStatus; warn?: boolean }[] = [
  { key: 'messagesReceived' },
  { key: 'samplesStored' },
  { key: 'duplicatesIgnored' },
  { key: 'queueDepth' },
  { key: 'invalidMessages', warn: true },
  { key: 'badTimestamps', warn: true },
  { key: 'unknownDeviceMessages', warn: true },
  { key: 'droppedByLimits', warn: true },
  { key: 'rateLimited', warn: true },
  { key: 'oversizePackets', warn: true },
  { key: 'samplesFailed', warn: true },
  { key: 'writeErrors', warn: true },
];

/**
 * The ingest: broker link, what came in and what was stored or dropped since the server started, and
 * batch latency, the device gate's refusals per protocol (the same numbers Prometheus reads at /metrics on
 * the metrics port). Refreshes every 5 s.
 */
export function IngestTab() {
  const { t } = useTranslation();
  const status = useIngestStatus();
  const locale = currentLanguageCode();
  if (status.isError) return <Alert type="error" showIcon title={t('admin.ingest.unavailable')} />;
  const s = status.data;
  if (!s) return <Skeleton active />;
  const ms = (v: number) => `${v.toLocaleString(locale, { maximumFractionDigits: 1 })} ms`;
  return (
    <div className="ingest-tab">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          {
            key: 'link',
            label: t('admin.ingest.link'),
            children: (
              <Tag color={s.linkUp ? 'green' : 'red'} data-testid="ingest-link">
                {t(s.linkUp ? 'admin.ingest.up' : 'admin.ingest.down')}
              </Tag>
            ),
          },
          { key: 'broker', label: t('admin.ingest.broker'), children: t(`admin.ingest.brokers.${s.broker}`) },
          {
            key: 'clients',
            label: t('admin.ingest.connectedClients'),
            children: s.connectedClients === null ? '–' : s.connectedClients.toLocaleString(locale),
          },
          {
            key: 'latency',
            label: t('admin.ingest.batchLatency'),
            children: `${ms(s.meanBatchMs)} / ${ms(s.lastBatchMs)} (${s.batches.toLocaleString(locale)})`,
          },
        ]}
      />
      <div className="ingest-cards">
        {COUNTS.map(({ key, warn }) => {
          const value = Number(s[key]);
          return (
            <Card key={key} size="small" data-testid={`ingest-${key}`}>
              <Statistic
                title={t(`admin.ingest.counts.${key}`)}
                value={value}
                formatter={(v) => Number(v).toLocaleString(locale)}
                styles={warn && value > 0 ? { content: { color: 'var(--ant-color-warning)' } } : undefined}
              />
            </Card>
          );
        })}
      </div>
      <IngestGateTable gate={s.gateRefused} locale={locale} />
      <IngestNodesTable nodes={s.nodes} locale={locale} />
      {s.rateLimitedDevices.length > 0 && (
        <Table
          size="small"
          data-testid="ingest-rate-limited-devices"
          title={() => t('admin.ingest.rateLimitedDevices.title')}
          rowKey="serialNumber"
          pagination={false}
          dataSource={s.rateLimitedDevices}
          columns={[
            {
              key: 'sn',
              dataIndex: 'serialNumber',
              title: t('admin.ingest.rateLimitedDevices.serialNumber'),
            },
            {
              key: 'messages',
              dataIndex: 'messages',
              title: t('admin.ingest.rateLimitedDevices.messages'),
              render: (v: number) => v.toLocaleString(locale),
            },
            {
              key: 'lastAt',
              dataIndex: 'lastAt',
              title: t('admin.ingest.rateLimitedDevices.lastAt'),
              render: (v: string) => formatDateTime(v, locale),
            },
          ]}
        />
      )}
    </div>
  );
}
