import { type Invoice, InvoiceSchema, planFee } from '@ems/contract/api/account';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import type { RuleRender } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/form/zod-rule';
import { formatMoney } from '../../../shared/format/money';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { orderPlan, plansQueryOptions } from '../api/get-plans';

type InvoiceFields = { name?: string; idNumber?: string };

/**
 * An invoice field's rule (issue 35 item 4): both fields empty ask for no invoice; otherwise both follow
 * the contract's InvoiceSchema, the ID number or tax number with the spec's "correct ID number" message.
 */
const invoiceRule =
  (field: keyof Invoice): RuleRender =>
  (form) => {
    const rule = zodRule(InvoiceSchema, field)(form);
    return {
      validator: async (r, value) => {
        const { name, idNumber } = form.getFieldsValue(true) as InvoiceFields;
        if (!name?.trim() && !idNumber?.trim()) return;
        await rule.validator?.(r, value, () => undefined);
      },
    };
  };

/**
 * Orders the plan of `months` (null: closed) after the user confirms its fee, with the invoice details
 * if they want an invoice: the name and a person's ID number or a company's tax number.
 */
export function PlanOrderModal({ months, onClose }: { months: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<InvoiceFields>();
  const [busy, setBusy] = useState(false);
  const locale = currentLanguageCode();
  const submit = async ({ name, idNumber }: InvoiceFields) => {
    if (months === null) return;
    setBusy(true);
    try {
      const invoice =
        name?.trim() || idNumber?.trim() ? { name: name ?? '', idNumber: idNumber ?? '' } : null;
      await orderPlan(months, invoice);
      onClose();
    } catch (e) {
      toastUnlessShown(e, t('account.errors.generic'));
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: plansQueryOptions().queryKey });
    }
  };
  return (
    <Modal
      open={months !== null}
      title={months === null ? null : t('account.plans.orderTitle', { count: months })}
      okText={t('account.plans.orderOk')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
    >
      <Typography.Paragraph>
        {months !== null &&
          t('account.plans.orderText', { fee: formatMoney(planFee(months), 'CNY', locale) })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} className="plan-invoice-form">
        <Typography.Paragraph type="secondary">{t('account.plans.invoiceHint')}</Typography.Paragraph>
        <Form.Item
          name="name"
          label={t('account.plans.invoiceName')}
          dependencies={['idNumber']}
          rules={[invoiceRule('name')]}
        >
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="idNumber"
          label={t('account.plans.invoiceIdNumber')}
          dependencies={['name']}
          rules={[invoiceRule('idNumber')]}
        >
          <Input maxLength={18} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
