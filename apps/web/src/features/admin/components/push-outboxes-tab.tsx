import { Alert, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { type ChannelOutbox, usePushOutboxes } from '../api/get-push-outboxes';

/** Counter columns, in order; `lg` ones hide on narrow screens (the state columns stay). */
const COUNTS: { key: Exclude<keyof ChannelOutbox, 'channel' | 'setUp'>; wide?: boolean }[] = [
  { key: 'queued' },
  { key: 'waiting' },
  { key: 'sent' },
  { key: 'failed' },
  { key: 'suppressed', wide: true },
  { key: 'retries', wide: true },
];

/**
 * The console's push tab (issue 20 §4, §6): per channel whether it is set up and its messages by state
 * (queued, waiting for a channel not set up, sent, failed, suppressed) with the retries so far.
 */
export function PushOutboxesTab() {
  const { t } = useTranslation();
  const outboxes = usePushOutboxes();
  const locale = currentLanguageCode();
  if (outboxes.isError) return <Alert type="error" showIcon title={t('admin.push.unavailable')} />;
  const counts: TableColumnsType<ChannelOutbox> = COUNTS.map(({ key, wide }) => ({
    title: t(`admin.push.${key}`),
    dataIndex: key,
    align: 'right',
    ...(wide ? { responsive: ['lg'] } : {}),
    render: (v: number, row: ChannelOutbox) => (
      <span className="num" data-testid={`push-${row.channel}-${key}`}>
        {key === 'failed' && v > 0 ? (
          <Typography.Text type="danger">{v.toLocaleString(locale)}</Typography.Text>
        ) : (
          v.toLocaleString(locale)
        )}
      </span>
    ),
  }));
  const columns: TableColumnsType<ChannelOutbox> = [
    {
      title: t('admin.push.channel'),
      dataIndex: 'channel',
      render: (c: string, row) => (
        <span>
          <strong>{t(`push.channels.${c}`)}</strong>
          <span className="cell-sub">
            <Tag color={row.setUp ? 'green' : 'orange'} data-testid={`push-setup-${c}`}>
              {row.setUp ? t('admin.push.setUp') : t('admin.push.notSetUp')}
            </Tag>
          </span>
        </span>
      ),
    },
    ...counts,
  ];
  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <Typography.Text type="secondary">{t('admin.push.hint')}</Typography.Text>
      </div>
      <Table<ChannelOutbox>
        rowKey="channel"
        size="middle"
        loading={outboxes.isPending}
        columns={columns}
        dataSource={outboxes.data ?? []}
        pagination={false}
      />
    </div>
  );
}
