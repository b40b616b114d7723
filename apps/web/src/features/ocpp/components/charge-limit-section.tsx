/**
 * The site's charging power limit (smart charging, contract SiteChargeLimit): the limit or "none", how it
 * is divided among the chargers now, and for the owner a kW field to set it (the contract's bounds) or
 * lift it.
 */

import {
  type ChargerRow,
  SITE_CHARGE_LIMIT_MAX_KW,
  SiteChargeLimitBodySchema,
} from '@ems/contract/api/ocpp-charger';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodValueRule } from '../../../shared/form/zod-rule';
import { formatNumber, formatPower } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { CommStatus } from '../../../shared/ui/comm-status';
import { QueryError } from '../../../shared/ui/query-error';
import { chargerKeys, refreshChargers, setSiteChargeLimit, useSiteChargeLimit } from '../api/charger-api';

/** The limit's own field rule: a number within the contract's bounds (null is the Lift button's). */
const limitRule = zodValueRule(SiteChargeLimitBodySchema.shape.limitKw.unwrap());

/** The limit of site `stationId`; `chargers` name the allocations; `owner` may change it. */
export function ChargeLimitSection(props: { stationId: number; chargers: ChargerRow[]; owner: boolean }) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const client = useQueryClient();
  const limit = useSiteChargeLimit(props.stationId);
  const [form] = Form.useForm<{ limitKw: number | null }>();
  const action = useInlineAction('ocpp.errors.generic');
  const apply = (limitKw: number | null) =>
    action.run(async () => {
      client.setQueryData(
        chargerKeys.limit(props.stationId),
        await setSiteChargeLimit(props.stationId, limitKw),
      );
      await refreshChargers(client, props.stationId);
      if (limitKw === null) form.resetFields();
    });
  const kw = (v: number) => formatPower(v * 1000, locale);
  const nameOf = (deviceId: number) =>
    props.chargers.find((c) => c.deviceId === deviceId)?.name ?? String(deviceId);
  const offline = (deviceId: number) => props.chargers.find((c) => c.deviceId === deviceId)?.online === false;
  const data = limit.data;
  return (
    <section className="ocpp-section" aria-labelledby={`ocpp-limit-${props.stationId}`}>
      <Typography.Title level={5} id={`ocpp-limit-${props.stationId}`}>
        {t('ocpp.limit.title')}
      </Typography.Title>
      {limit.isError && !data && <QueryError error={limit.error} />}
      {limit.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {data && (
        <>
          <Typography.Paragraph data-testid="site-limit">
            {data.limitKw === null
              ? t('ocpp.limit.none')
              : t('ocpp.limit.current', { power: kw(data.limitKw) })}
          </Typography.Paragraph>
          {data.limitKw !== null && data.allocations.length > 0 && (
            <Table
              rowKey="deviceId"
              size="small"
              pagination={false}
              dataSource={data.allocations}
              scroll={{ x: 360 }}
              columns={[
                { key: 'charger', title: t('ocpp.limit.charger'), render: (_, a) => nameOf(a.deviceId) },
                { key: 'kw', title: t('ocpp.limit.allocated'), render: (_, a) => kw(a.limitKw) },
                {
                  key: 'charging',
                  title: t('ocpp.limit.charging'),
                  // An offline charger is given nothing (the server's allocate): say why its share is 0.
                  render: (_, a) =>
                    offline(a.deviceId) ? (
                      <Tag>
                        <CommStatus online={false} withText />
                      </Tag>
                    ) : (
                      <Tag color={a.charging ? 'blue' : 'default'}>
                        {t(a.charging ? 'ocpp.limit.isCharging' : 'ocpp.limit.idle')}
                      </Tag>
                    ),
                },
              ]}
            />
          )}
        </>
      )}
      {props.owner && (
        <Form
          name="ocpp-limit"
          form={form}
          layout="inline"
          requiredMark={false}
          className="ocpp-inline-form"
          onFinish={(v) => apply(v.limitKw)}
        >
          <Form.Item
            name="limitKw"
            label={t('ocpp.limit.field')}
            rules={[{ required: true, message: catalogueText('validation.required') }, limitRule]}
            extra={t('ocpp.limit.bounds', { max: formatNumber(SITE_CHARGE_LIMIT_MAX_KW, locale) })}
          >
            <InputNumber
              min={1}
              max={SITE_CHARGE_LIMIT_MAX_KW}
              step={0.1}
              suffix="kW"
              className="ocpp-limit-input"
            />
          </Form.Item>
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={action.pending}>
                {t('ocpp.limit.set')}
              </Button>
              {data?.limitKw !== null && data !== undefined && (
                <Button onClick={() => apply(null)} disabled={action.pending}>
                  {t('ocpp.limit.lift')}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Form>
      )}
      {action.error && <Alert type="error" showIcon title={action.error} />}
    </section>
  );
}
