import type { AdminPlanOrder } from '@ems/contract/api/admin';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../../shared/form/zod-rule';
import { formatMoney } from '../../../shared/format/money';
import { formatDateTime } from '../../../shared/format/time';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { toastSuccess } from '../../../shared/ui/feedback';
import { emptyOrError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { confirmPlanOrder, usePlanOrders } from '../api/plan-orders';
import { usePaging } from '../lib/use-paging';
import { AdminSearch } from './admin-search';

type StateFilter = 'pending' | 'confirmed' | 'all';
const STATE_COLOR = { pending: 'gold', confirmed: 'green', cancelled: 'default' } as const;

/**
 * Customer service's report-plan orders (issue 24 item 15, docs/plans.md): who ordered which plan and
 * what it costs; confirming the payment makes the user premium until the plan ends (renewals add up).
 */
export function PlanOrdersTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const isMobile = useIsMobile();
  const paging = usePaging();
  const [state, setState] = useState<StateFilter>('pending');
  const orders = usePlanOrders(paging.params, state === 'all' ? undefined : state);
  const locale = currentLanguageCode();
  const confirm = (o: AdminPlanOrder) =>
    modal.confirm({
      title: t('admin.plans.confirmTitle', { name: o.userName }),
      content: t('admin.plans.confirmText', {
        count: o.months,
        fee: formatMoney(o.amountYuan, 'CNY', locale),
      }),
      okText: t('admin.plans.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await confirmPlanOrder(o.id);
          toastSuccess(catalogueText('common.ok'));
        } catch (e) {
          toastUnlessShown(e, t('admin.errors.generic'));
        } finally {
          await client.invalidateQueries({ queryKey: ['admin', 'plan-orders'] });
        }
      },
    });
  const columns: TableColumnsType<AdminPlanOrder> = [
    {
      title: t('admin.plans.user'),
      dataIndex: 'userName',
      render: (name: string, o) => (
        <span>
          {name}
          <span className="cell-sub">{o.email ?? o.loginName}</span>
        </span>
      ),
    },
    {
      title: t('admin.plans.plan'),
      dataIndex: 'months',
      render: (m: number, o) => (
        <span>
          {t('account.plans.term', { count: m })}
          <span className="cell-sub num">{formatMoney(o.amountYuan, 'CNY', locale)}</span>
        </span>
      ),
    },
    {
      title: t('admin.plans.invoice'),
      dataIndex: 'invoice',
      render: (invoice: AdminPlanOrder['invoice']) =>
        invoice ? (
          <span>
            {invoice.name}
            <span className="cell-sub num">{invoice.idNumber}</span>
          </span>
        ) : (
          t('admin.plans.noInvoice')
        ),
    },
    {
      title: t('admin.plans.ordered'),
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (v: string) => <span className="num">{formatDateTime(v, locale)}</span>,
    },
    {
      title: t('admin.plans.state'),
      dataIndex: 'state',
      render: (s: AdminPlanOrder['state'], o) =>
        s === 'pending' ? (
          <Button size="small" type="primary" onClick={() => confirm(o)}>
            {t('admin.plans.confirm')}
          </Button>
        ) : (
          <Tag color={STATE_COLOR[s]}>{t(`admin.plans.states.${s}`)}</Tag>
        ),
    },
  ];
  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <AdminSearch label={t('admin.plans.search')} value={paging.text} onSearch={paging.search} />
        <Segmented<StateFilter>
          value={state}
          onChange={(v) => {
            setState(v);
            paging.search(paging.text);
          }}
          options={(['pending', 'confirmed', 'all'] as const).map((v) => ({
            value: v,
            label: t(`admin.plans.filter.${v}`),
          }))}
        />
      </div>
      <Typography.Text type="secondary">{t('admin.plans.hint')}</Typography.Text>
      <Table<AdminPlanOrder>
        rowKey="id"
        size="middle"
        loading={orders.isPending}
        locale={{ emptyText: emptyOrError(orders) }}
        columns={columns}
        dataSource={orders.data?.rows ?? []}
        pagination={paging.pagination(orders.data?.total ?? 0)}
        tableLayout={isMobile ? 'fixed' : undefined}
      />
    </div>
  );
}
