import { LockOutlined } from '@ant-design/icons';
import { PasswordResetFormSchema } from '@ems/contract/api/account';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/form/zod-rule';

/** The new password twice, with spec §5's rules (not the user name `userName`, both equal). */
export function NewPasswordForm(props: {
  userName: string;
  onSubmit: (values: { password: string; confirmPassword: string }) => void;
  pending: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const extra = { userName: props.userName };
  return (
    <Form<{ password: string; confirmPassword: string }>
      noValidate
      name="new-password"
      layout="vertical"
      requiredMark={false}
      disabled={props.pending}
      onFinish={props.onSubmit}
    >
      <Form.Item
        label={t('account.password.new')}
        name="password"
        rules={[zodRule(PasswordResetFormSchema, 'password', extra)]}
        extra={t('account.password.rulesHint')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        label={t('account.password.confirm')}
        name="confirmPassword"
        dependencies={['password']}
        rules={[zodRule(PasswordResetFormSchema, 'confirmPassword', extra)]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      {props.error && <Alert type="error" showIcon title={props.error} className="form-alert" role="alert" />}
      <Button type="primary" htmlType="submit" block loading={props.pending}>
        {t('account.passwordBack.reset')}
      </Button>
    </Form>
  );
}
