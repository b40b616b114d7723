import { CustomerServiceOutlined } from '@ant-design/icons';
import { planFee } from '@ems/contract/api/account';
import { Alert, Button, Card, Descriptions, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { QueryError } from '../../../shared/ui/query-error';
import { usePlans } from '../api/get-plans';
import { PlanOrderModal } from './plan-order-modal';

/** Spec §3 user types 1–4; the label key of each (unknown types read as standard). */
export function userTypeKey(usertype: number): string {
  return `common.userType.${[1, 2, 3, 4].includes(usertype) ? usertype : 1}`;
}

/**
 * Account type ("changes go through customer service") and the report subscription plans of spec §1
 * (1 or 3 months; 1200 and 3600 yuan per year) with the user's current plan. A plan is ordered here
 * (issue 24 item 15), with invoice details if wanted (issue 35 item 4): the order waits until customer
 * service confirms the payment in the console.
 */
export function PlanCard({ usertype }: { usertype: number }) {
  const { t } = useTranslation();
  const plans = usePlans();
  const locale = currentLanguageCode();
  const current = plans.data?.current ?? null;
  const pending = plans.data?.pendingOrder ?? null;
  const [ordering, setOrdering] = useState<number | null>(null);
  return (
    <Card title={t('account.plans.title')} className="profile-card">
      <Descriptions column={1} size="small" className="plan-facts">
        <Descriptions.Item label={t('account.plans.userType')}>
          <Space wrap size={[8, 4]}>
            <Tag color="blue" data-testid="user-type">
              {t(userTypeKey(plans.data?.usertype ?? usertype))}
            </Tag>
            <Typography.Text type="secondary">
              <CustomerServiceOutlined /> {t('account.plans.typeChanges')}
            </Typography.Text>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.plans.current')}>
          {current
            ? t('account.plans.currentPlan', {
                months: current.months,
                date: formatDateTime(current.expiresAt, locale),
              })
            : t('account.plans.none')}
        </Descriptions.Item>
      </Descriptions>
      {pending && (
        <Alert
          type="info"
          showIcon
          className="plan-pending"
          data-testid="plan-pending"
          title={t('account.plans.pending', {
            count: pending.months,
            fee: formatMoney(pending.amountYuan, 'CNY', locale),
            date: formatDateTime(pending.createdAt, locale),
          })}
        />
      )}
      <PlanOpens />
      {plans.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : plans.isError && !plans.data ? (
        <QueryError error={plans.error} />
      ) : (
        <List
          className="plan-list"
          dataSource={plans.data?.plans ?? []}
          renderItem={(plan) => (
            <List.Item
              className={current?.months === plan.months ? 'plan-current' : undefined}
              extra={
                <Space wrap>
                  {current?.months === plan.months && <Tag color="green">{t('account.plans.yours')}</Tag>}
                  <Button size="small" onClick={() => setOrdering(plan.months)}>
                    {t(current ? 'account.plans.renew' : 'account.plans.order')}
                  </Button>
                </Space>
              }
            >
              {/* The term's price first, the yearly rate it comes from second (issue 34 item 7). */}
              <List.Item.Meta
                title={t('account.plans.term', { count: plan.months })}
                description={
                  <span className="plan-price-lines">
                    <Typography.Text strong data-testid="plan-price">
                      {t('account.plans.termPrice', {
                        count: plan.months,
                        fee: formatMoney(planFee(plan.months), 'CNY', locale),
                      })}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {t('account.plans.fee', { fee: formatMoney(plan.yuanPerYear, 'CNY', locale) })}
                    </Typography.Text>
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
      <PlanOrderModal months={ordering} onClose={() => setOrdering(null)} />
    </Card>
  );
}

/** What a plan opens, as docs/plans.md "What a plan opens" says (issue 34 item 7). */
function PlanOpens() {
  const { t } = useTranslation();
  return (
    <section className="plan-opens" data-testid="plan-opens">
      <Typography.Text strong>{t('account.plans.opens')}</Typography.Text>
      <ul>
        <li>{t('account.plans.opensReports')}</li>
        <li>{t('account.plans.opensPremium')}</li>
        <li>{t('account.plans.opensReminder')}</li>
      </ul>
      <Typography.Text type="secondary">{t('account.plans.opensAlarms')}</Typography.Text>
    </section>
  );
}
