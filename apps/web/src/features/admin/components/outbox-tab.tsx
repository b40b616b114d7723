import type { OUTBOX_STATES, OutboxMailSchema } from '@ems/contract/api/admin';
import { Alert, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MISSING } from '../../../shared/format/quantity';
import { formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { emptyOrError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useOutbox } from '../api/get-outbox';
import { useSmtp } from '../api/get-smtp';
import { usePaging } from '../lib/use-paging';
import { AdminSearch } from './admin-search';

type OutboxMail = z.infer<typeof OutboxMailSchema>;
const STATE_COLOR: Record<(typeof OUTBOX_STATES)[number], string> = {
  pending: 'gold',
  sent: 'green',
  failed: 'red',
};

/**
 * The mail outbox: recipient, subject, state, attempts, last error, created and sent times; a row
 * opens to its body. Without an SMTP server this is where verification codes can be read, and a banner
 * says so.
 */
export function OutboxTab() {
  const { t } = useTranslation();
  // Phones: fewer columns (responsive) fitted to the screen instead of a sideways scroll.
  const isMobile = useIsMobile();
  const paging = usePaging();
  const outbox = useOutbox(paging.params);
  const smtp = useSmtp();
  const locale = currentLanguageCode();
  const columns: TableColumnsType<OutboxMail> = [
    {
      title: t('admin.outbox.to'),
      dataIndex: 'to',
      render: (to: string, mail) => (
        <span className="outbox-to">
          {to}
          <span className="cell-sub xs-only">{mail.subject}</span>
        </span>
      ),
    },
    { title: t('admin.outbox.subject'), dataIndex: 'subject', responsive: ['sm'] },
    {
      title: t('admin.outbox.state'),
      dataIndex: 'state',
      render: (state: OutboxMail['state']) => (
        <Tag color={STATE_COLOR[state]}>{t(`admin.outbox.states.${state}`)}</Tag>
      ),
    },
    {
      title: t('admin.outbox.attempts'),
      dataIndex: 'attempts',
      align: 'right',
      width: 90,
      responsive: ['lg'],
    },
    {
      title: t('admin.outbox.lastError'),
      dataIndex: 'lastError',
      ellipsis: true,
      responsive: ['lg'],
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : MISSING),
    },
    {
      title: t('admin.outbox.created'),
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (v: string) => <span className="num">{formatDateTime(v, locale)}</span>,
    },
    {
      title: t('admin.outbox.sent'),
      dataIndex: 'sentAt',
      responsive: ['lg'],
      render: (v: string | null) => <span className="num">{formatDateTime(v, locale)}</span>,
    },
  ];
  return (
    <div className="admin-tab">
      {/* Issue 34 item 2: without SMTP (the demo's default) say plainly that mail waits here. */}
      {smtp.data && !smtp.data.configured && (
        <Alert
          type="info"
          showIcon
          data-testid="outbox-no-smtp"
          title={t('admin.outbox.noSmtp')}
          description={t('admin.outbox.noSmtpHow')}
        />
      )}
      <div className="admin-toolbar">
        <AdminSearch label={t('admin.outbox.search')} value={paging.text} onSearch={paging.search} />
        <Typography.Text type="secondary">{t('admin.outbox.hint')}</Typography.Text>
      </div>
      <Table<OutboxMail>
        rowKey="id"
        size="middle"
        loading={outbox.isPending}
        locale={{ emptyText: emptyOrError(outbox) }}
        columns={columns}
        dataSource={outbox.data?.rows ?? []}
        pagination={paging.pagination(outbox.data?.total ?? 0)}
        expandable={{
          expandRowByClick: true,
          expandedRowRender: (mail) => (
            <pre className="mail-body" data-testid={`mail-body-${mail.id}`}>
              {mail.body}
            </pre>
          ),
        }}
        scroll={isMobile ? undefined : { x: 960 }}
        tableLayout={isMobile ? 'fixed' : undefined}
      />
    </div>
  );
}
