import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Tariff } from '@ems/contract/api/report';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/api-error';
import { api } from '../../../shared/http/client';
import { toastError, toastSuccess } from '../../../shared/ui/feedback';

interface TariffForm {
  buyPrice: number;
  feedInPrice: number;
  periods: { from: string; to: string; price: number }[];
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A site's tariff (issue 8 §3): flat buy and feed-in prices per kWh in the site's currency, and
 * optional peak/valley periods (HH:mm–HH:mm, crossing midnight allowed) with their own buy price.
 * Only the owner may save (the server answers 无操作权限 otherwise).
 */
export function TariffModal({
  stationId,
  open,
  onClose,
}: {
  stationId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TariffForm>();
  const client = useQueryClient();
  const current = useQuery({
    queryKey: ['reports', 'tariff', stationId],
    queryFn: ({ signal }) => api.get<Tariff>('/webpvesc/ajax/report/tariff', { stationId }, signal),
    enabled: open,
  });
  useEffect(() => {
    if (!open) return;
    const v = current.data;
    form.setFieldsValue(
      v
        ? { buyPrice: v.buyPrice, feedInPrice: v.feedInPrice, periods: v.periods }
        : { buyPrice: 0, feedInPrice: 0, periods: [] },
    );
  }, [open, current.data, form]);
  const save = useMutation({
    mutationFn: (v: TariffForm) =>
      api.put<Tariff>('/webpvesc/ajax/report/tariff', { stationId, ...v, periods: v.periods ?? [] }),
    onSuccess: () => {
      toastSuccess(t('history.tariff.saved'));
      client.invalidateQueries({ queryKey: ['reports'] });
      onClose();
    },
    onError: (e) => toastError(errorText(e, t('common.errors.tryLater'))),
  });
  // Prices are in the site's currency per kWh (the answer names it whether or not a tariff is set).
  const unit = current.data ? `${current.data.currency}/kWh` : '…/kWh';
  const price = <InputNumber min={0} max={1000} step={0.01} style={{ width: 160 }} suffix={unit} />;
  return (
    <Modal
      open={open}
      title={t('history.tariff.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {current.data && !current.data.set && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="tariff-not-set"
          title={t('history.tariff.notSet')}
        />
      )}
      <Form<TariffForm> noValidate form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item name="buyPrice" label={t('history.tariff.buyPrice')} rules={[{ required: true }]}>
          {price}
        </Form.Item>
        <Form.Item name="feedInPrice" label={t('history.tariff.feedInPrice')} rules={[{ required: true }]}>
          {price}
        </Form.Item>
        <Form.List name="periods">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item
                    name={[f.name, 'from']}
                    rules={[{ required: true, pattern: CLOCK, message: 'HH:mm' }]}
                  >
                    <Input placeholder="22:00" style={{ width: 80 }} aria-label={t('history.tariff.from')} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'to']}
                    rules={[{ required: true, pattern: CLOCK, message: 'HH:mm' }]}
                  >
                    <Input placeholder="06:00" style={{ width: 80 }} aria-label={t('history.tariff.to')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'price']} rules={[{ required: true }]}>
                    {price}
                  </Form.Item>
                  <MinusCircleOutlined
                    aria-label={t('history.tariff.remove')}
                    onClick={() => remove(f.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ from: '22:00', to: '06:00', price: 0 })}
                disabled={fields.length >= 10}
              >
                {t('history.tariff.addPeriod')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
