import { LockOutlined, MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { RegisterFormSchema } from '@ems/contract/api/account';
import { loginNameField } from '@ems/contract/validation';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { userNameQueryOptions, useUserNameAvailability } from '../api/verify-user-name';

/** What the registration form collects (plaintext; encrypted before it leaves the browser). */
export interface RegisterValues {
  userName: string;
  nickname?: string;
  email: string;
  phone?: string;
  password: string;
  confirmPassword: string;
}

/** Field names, in the order the form shows them (server refusals name one of them). */
export const REGISTER_FIELDS = [
  'userName',
  'nickname',
  'email',
  'phone',
  'password',
  'confirmPassword',
] as const;

const rule = (field: (typeof REGISTER_FIELDS)[number]) => zodRule(RegisterFormSchema, field);

/**
 * Step 1 of /register: every spec §5 rule of RegisterFormSchema live on its field; the user name is
 * checked with the server when the field is left, so a taken name is said before submit.
 */
export function RegisterForm(props: {
  onSubmit: (values: RegisterValues) => void;
  pending: boolean;
  error: string | null;
  form: ReturnType<typeof Form.useForm<RegisterValues>>[0];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [leftName, setLeftName] = useState<string | null>(null);
  const availability = useUserNameAvailability(leftName);
  const nameFree = availability.data?.available === true && leftName !== null;

  const nameAvailable: RuleObject = {
    validateTrigger: 'onBlur',
    validator: async (_r, value: string | undefined) => {
      const name = value?.trim() ?? '';
      if (!loginNameField.safeParse(name).success) return; // the format rule speaks first
      const { available } = await queryClient.fetchQuery(userNameQueryOptions(name));
      if (!available) throw new Error(catalogueText('validation.nameTaken'));
    },
  };

  return (
    <Form<RegisterValues>
      noValidate
      name="register"
      form={props.form}
      layout="vertical"
      requiredMark={false}
      disabled={props.pending}
      onFinish={props.onSubmit}
      scrollToFirstError
    >
      <Form.Item
        label={t('account.register.userName')}
        name="userName"
        validateTrigger={['onChange', 'onBlur']}
        rules={[rule('userName'), nameAvailable]}
        hasFeedback={nameFree}
        extra={nameFree ? t('account.register.userNameFree') : t('account.register.userNameHint')}
      >
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          // "Free" was said of the name last left; an edited name is unchecked until it is left again.
          onChange={() => setLeftName(null)}
          onBlur={(e) => setLeftName(loginNameField.safeParse(e.target.value.trim()).data ?? null)}
        />
      </Form.Item>
      <Form.Item label={t('account.register.nickname')} name="nickname" rules={[rule('nickname')]}>
        <Input autoComplete="nickname" />
      </Form.Item>
      <Form.Item label={t('account.register.email')} name="email" rules={[rule('email')]}>
        <Input prefix={<MailOutlined />} type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item
        label={t('account.register.phone')}
        name="phone"
        rules={[rule('phone')]}
        extra={t('account.register.phoneHint')}
      >
        <Input prefix={<PhoneOutlined />} type="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item
        label={t('account.register.password')}
        name="password"
        rules={[rule('password')]}
        dependencies={['userName']}
        extra={t('account.password.rulesHint')}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('account.register.confirmPassword')}
        name="confirmPassword"
        rules={[rule('confirmPassword')]}
        dependencies={['password']}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      {props.error && <Alert type="error" showIcon title={props.error} className="form-alert" role="alert" />}
      <Button type="primary" htmlType="submit" block size="large" loading={props.pending}>
        {t('account.register.submit')}
      </Button>
    </Form>
  );
}
