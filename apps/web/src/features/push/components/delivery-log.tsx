/**
 * The delivery log (issue 20 §6, GET push/log): time, kind, channel, masked recipient, status with its
 * reason, and what it was about; newest first, paged, read again every 5 s. A table from 992 px, cards
 * below.
 */

import type { Delivery, DeliveryState } from '@ems/contract/api/push';
import { Card, Empty, Pagination, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { emptyOrError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { usePushLog } from '../api/push-log';

const STATE_COLOR: Record<DeliveryState, string> = {
  queued: 'processing',
  sent: 'success',
  failed: 'error',
  suppressed: 'default',
  waiting: 'warning',
};

/** The status tag and, under it, why (suppressed, failed, waiting). */
function Status({ row }: { row: Delivery }) {
  const { t } = useTranslation();
  return (
    <span className="push-log-status">
      <Tag color={STATE_COLOR[row.status]}>{t(`push.log.states.${row.status}`)}</Tag>
      {row.reason && (
        <Typography.Text type="secondary" className="cell-sub">
          {row.reason}
        </Typography.Text>
      )}
    </span>
  );
}

/** The delivery log block of the Push settings page. */
export function DeliveryLog() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const locale = currentLanguageCode();
  const [page, setPage] = useState({ num: 1, size: 10 });
  const log = usePushLog(page.num, page.size);
  const rows = log.data?.rows ?? [];
  const kind = (k: string) => t(`push.log.kinds.${k}`, { defaultValue: k });
  const pagination = {
    current: page.num,
    pageSize: page.size,
    total: log.data?.total ?? 0,
    showSizeChanger: true,
    onChange: (num: number, size: number) => setPage({ num: size === page.size ? num : 1, size }),
  };
  const columns: TableColumnsType<Delivery> = [
    {
      title: t('push.log.time'),
      dataIndex: 'createdAt',
      render: (v: string) => <span className="num">{formatDateTime(v, locale)}</span>,
    },
    { title: t('push.log.kind'), dataIndex: 'kind', render: kind },
    { title: t('push.log.channel'), dataIndex: 'channel', render: (c: string) => t(`push.channels.${c}`) },
    { title: t('push.log.recipient'), dataIndex: 'recipient' },
    { title: t('push.log.status'), key: 'status', render: (_v, row) => <Status row={row} /> },
    { title: t('push.log.subject'), dataIndex: 'subject', ellipsis: true },
  ];
  const empty = emptyOrError(log, <Empty description={t('push.log.empty')} />);
  return (
    <Card title={t('push.log.title')} className="push-block" data-testid="push-log">
      {isMobile ? (
        <div className="push-log-cards">
          {rows.length === 0 && !log.isPending && empty}
          {rows.map((row) => (
            <Card key={row.id} size="small" className="push-log-card">
              <div className="push-log-card-head">
                <Typography.Text strong>
                  {kind(row.kind)} · {t(`push.channels.${row.channel}`)}
                </Typography.Text>
                <Status row={row} />
              </div>
              <div>{row.subject}</div>
              <Typography.Text type="secondary">
                {row.recipient} · <span className="num">{formatDateTime(row.createdAt, locale)}</span>
              </Typography.Text>
            </Card>
          ))}
          {pagination.total > page.size && <Pagination size="small" {...pagination} />}
        </div>
      ) : (
        <Table<Delivery>
          rowKey="id"
          size="small"
          loading={log.isPending}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: empty }}
          pagination={pagination}
        />
      )}
    </Card>
  );
}
