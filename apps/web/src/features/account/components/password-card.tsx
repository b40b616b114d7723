import { LockOutlined } from '@ant-design/icons';
import { PasswordEditFormSchema } from '@ems/contract/api/account';
import type { UserInfo } from '@ems/contract/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptForServer } from '../../../shared/crypto/encrypt-for-server';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { editPassword } from '../api/edit-password';

interface Values {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}
const FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const;

/** Change password: old, new and confirm with spec §5's rules; the server signs other sessions out. */
export function PasswordCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { pending, error, run } = useInlineAction();
  const [done, setDone] = useState(false);
  const extra = { userName: user.loginName };
  const rule = (field: (typeof FIELDS)[number]) => zodRule(PasswordEditFormSchema, field, extra);

  const save = (values: Values) => {
    setDone(false);
    return run(
      async () => {
        const [oldPassword, password, confirmPassword] = await encryptForServer(
          queryClient,
          values.oldPassword,
          values.password,
          values.confirmPassword,
        );
        await editPassword({
          oldPassword: oldPassword!,
          password: password!,
          confirmPassword: confirmPassword!,
        });
        form.resetFields();
        setDone(true);
      },
      { form, fields: FIELDS },
    );
  };

  return (
    <Card title={t('account.password.title')} className="profile-card">
      <Form<Values>
        noValidate
        name="password-edit"
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={pending}
        onFinish={save}
      >
        <Form.Item label={t('account.password.old')} name="oldPassword" rules={[rule('oldPassword')]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('account.password.new')}
          name="password"
          rules={[rule('password')]}
          extra={t('account.password.rulesHint')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('account.password.confirm')}
          name="confirmPassword"
          dependencies={['password']}
          rules={[rule('confirmPassword')]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
        {done && (
          <Alert
            type="success"
            showIcon
            title={catalogueText('account.passwordChanged')}
            className="form-alert"
            role="status"
          />
        )}
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('account.password.change')}
        </Button>
      </Form>
    </Card>
  );
}
