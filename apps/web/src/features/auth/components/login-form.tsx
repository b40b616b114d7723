import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/api-error';
import { type Credentials, type SignInKind, useSignIn } from '../lib/sign-in';

/**
 * User name + password form. Enter submits (a real form with a submit button). Fields are labelled so
 * they can be found by label ("User name", "Password"); failures show the server's msg, else a
 * generic "Sign-in failed" (spec §8).
 */
export function LoginForm({ kind, onSignedIn }: { kind: SignInKind; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const signIn = useSignIn(kind);
  const error = signIn.error;
  const errorMessage = errorText(error, t('auth.login.failed'));

  return (
    <Form<Credentials>
      noValidate
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={signIn.isPending}
      onFinish={(values) => signIn.mutate(values, { onSuccess: onSignedIn })}
    >
      <Form.Item
        label={t('auth.login.userName')}
        name="username"
        rules={[{ required: true, whitespace: true, message: t('auth.login.userNameRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        label={t('auth.login.password')}
        name="password"
        rules={[{ required: true, message: t('auth.login.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      {error && <Alert className="login-error" type="error" showIcon title={errorMessage} role="alert" />}
      <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
