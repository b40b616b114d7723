import { CustomerServiceOutlined } from '@ant-design/icons';
import { Card, Descriptions, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { usePlans } from '../api/get-plans';

/** Spec §3 user types 1–4; the label key of each (unknown types read as standard). */
export function userTypeKey(usertype: number): string {
  return `common.userType.${[1, 2, 3, 4].includes(usertype) ? usertype : 1}`;
}

/**
 * Account type ("changes go through customer service") and the report subscription plans of spec §1
 * (1 or 3 months; 1200 and 3600 yuan per year) with the user's current plan.
 */
export function PlanCard({ usertype }: { usertype: number }) {
  const { t } = useTranslation();
  const plans = usePlans();
  const locale = currentLanguageCode();
  const current = plans.data?.current ?? null;
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
      {plans.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <List
          className="plan-list"
          dataSource={plans.data?.plans ?? []}
          renderItem={(plan) => (
            <List.Item
              className={current?.months === plan.months ? 'plan-current' : undefined}
              extra={
                current?.months === plan.months ? <Tag color="green">{t('account.plans.yours')}</Tag> : null
              }
            >
              <List.Item.Meta
                title={t('account.plans.term', { count: plan.months })}
                description={t('account.plans.fee', { fee: formatMoney(plan.yuanPerYear, 'CNY', locale) })}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
