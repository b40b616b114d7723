import { validCodeField } from '@ems/contract/validation';
import { Alert, Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodValueRule } from '../../../shared/form/zod-rule';

/**
 * The e-mail code: 6 letters or digits, case-sensitive (spec §5), so nothing changes its case. `extra`
 * sits beside the submit button (the resend button).
 */
export function CodeForm(props: {
  onSubmit: (code: string) => void;
  pending: boolean;
  submitText: string;
  error?: string | null;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<{ validCode: string }>
      noValidate
      name="code"
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => props.onSubmit(v.validCode.trim())}
      disabled={props.pending}
    >
      <Form.Item
        label={t('account.code.label')}
        name="validCode"
        rules={[zodValueRule(validCodeField)]}
        extra={t('account.code.caseHint')}
      >
        <Input
          autoComplete="one-time-code"
          maxLength={6}
          spellCheck={false}
          autoCapitalize="off"
          className="code-input"
          autoFocus
        />
      </Form.Item>
      {props.error && <Alert type="error" showIcon title={props.error} className="form-alert" role="alert" />}
      <div className="form-actions">
        <Button type="primary" htmlType="submit" loading={props.pending}>
          {props.submitText}
        </Button>
        {props.extra}
      </div>
    </Form>
  );
}
