import type { CommandRow } from '@ems/contract/api/device-commands';
import { Card, Empty, Pagination, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { QueryError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useCommandHistory } from '../api/device-params-api';
import { paramLabel, paramValueText, type Translate } from '../lib/param-text';
import { CommandStateTag } from './command-state';

const PAGE_SIZE = 10;

/** What a command changed, one line per parameter: "label: before → after". */
function Changes({ row, t, locale }: { row: CommandRow; t: Translate; locale: string }) {
  return (
    <ul className="command-changes">
      {Object.entries(row.params).map(([key, value]) => (
        <li key={key}>
          <span className="command-param">{paramLabel(key, t)}</span>
          {': '}
          {t('deviceParams.change', {
            from: paramValueText(key, row.before[key], t, locale),
            to: paramValueText(key, value, t, locale),
          })}
        </li>
      ))}
    </ul>
  );
}

/** Who asked: the login name, and the address for the owner and the administrator (null for a friend). */
function Who({ row }: { row: CommandRow }) {
  return (
    <div>
      {row.userName}
      {row.ip && (
        <Typography.Text type="secondary" className="cell-sub">
          {row.ip}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * A device's command history (issue 21 §6 audit): when, who, what (before → after), state and reason,
 * newest first, ten a page; a table, cards below 992 px. Read again every 2 s while `polling` (a command
 * of the device is pending), so a state change shows without a reload.
 */
export function CommandHistory({ deviceId, polling }: { deviceId: number; polling: boolean }) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const clock = useSiteClock();
  const mobile = useIsMobile();
  const [pageNum, setPageNum] = useState(1);
  const history = useCommandHistory(deviceId, pageNum, PAGE_SIZE, polling);
  const rows = history.data?.data ?? [];
  const when = (r: CommandRow) => (
    <time dateTime={r.createdAt} data-testid="command-when">
      {clock.dateTime(r.createdAt, true)}
    </time>
  );
  const reason = (r: CommandRow) => r.reason ?? '–';

  if (history.isError && !history.data) {
    return <QueryError error={history.error} />;
  }
  if (history.data && history.data.total === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceParams.history.empty')} />;
  }
  const pager = (
    <Pagination
      size="small"
      current={pageNum}
      pageSize={PAGE_SIZE}
      total={history.data?.total ?? 0}
      onChange={setPageNum}
      hideOnSinglePage
      className="command-pager"
    />
  );

  if (mobile) {
    return (
      <div className="site-cards command-cards" data-testid="command-history">
        {rows.map((r) => (
          <Card key={r.commandId} size="small" className="site-card command-card" data-testid="command-row">
            <div className="site-card-head">
              <span>{when(r)}</span>
              <CommandStateTag state={r.state} />
            </div>
            <Changes row={r} t={t} locale={locale} />
            <dl className="site-card-values">
              <div>
                <dt>{t('deviceParams.history.who')}</dt>
                <dd>
                  <Who row={r} />
                </dd>
              </div>
              {r.reason && (
                <div>
                  <dt>{t('deviceParams.history.reason')}</dt>
                  <dd>{r.reason}</dd>
                </div>
              )}
            </dl>
          </Card>
        ))}
        {pager}
      </div>
    );
  }

  const columns: TableColumnsType<CommandRow> = [
    { key: 'when', title: t('deviceParams.history.when'), render: (_, r) => when(r), width: 190 },
    { key: 'who', title: t('deviceParams.history.who'), render: (_, r) => <Who row={r} />, width: 160 },
    {
      key: 'what',
      title: t('deviceParams.history.what'),
      render: (_, r) => <Changes row={r} t={t} locale={locale} />,
    },
    {
      key: 'state',
      title: t('deviceParams.history.state'),
      render: (_, r) => <CommandStateTag state={r.state} />,
      width: 140,
    },
    { key: 'reason', title: t('deviceParams.history.reason'), render: (_, r) => reason(r), width: 200 },
  ];
  return (
    <Table<CommandRow>
      rowKey="commandId"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={history.isPending}
      pagination={{
        current: pageNum,
        pageSize: PAGE_SIZE,
        total: history.data?.total ?? 0,
        onChange: setPageNum,
        hideOnSinglePage: true,
      }}
      onRow={() => ({ 'data-testid': 'command-row' }) as React.HTMLAttributes<HTMLElement>}
      data-testid="command-history"
      scroll={{ x: 800 }}
    />
  );
}
