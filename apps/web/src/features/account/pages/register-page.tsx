import { useQueryClient } from '@tanstack/react-query';
import { Form, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { encryptForServer } from '../../../shared/crypto/encrypt-for-server';
import { inlineErrorText, showOnField } from '../../../shared/form/server-error';
import { PublicFrame } from '../../../shared/ui/public-frame';
import { register } from '../api/register';
import { registerCheck } from '../api/register-check';
import { verifyEmail } from '../api/verify-email';
import { CodeForm } from '../components/code-form';
import { REGISTER_FIELDS, RegisterForm, type RegisterValues } from '../components/register-form';
import '../components/account.css';

/**
 * /register (spec §2, issue 3 §1): the form (rules of spec §5 on both sides; passwords encrypted
 * before they leave the browser; register/check, then register), then the e-mail code, then sign-in
 * with "registered, e-mail verified".
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RegisterValues>();
  const [account, setAccount] = useState<{ userName: string; email: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: RegisterValues) => {
    setPending(true);
    setError(null);
    try {
      const [password, confirmPassword] = await encryptForServer(
        queryClient,
        values.password,
        values.confirmPassword,
      );
      const body = {
        userName: values.userName.trim(),
        nickname: values.nickname?.trim() || undefined,
        email: values.email.trim(),
        phone: values.phone?.trim() || undefined,
        password: password!,
        confirmPassword: confirmPassword!,
        // The new account starts in the browser's time zone (the personal centre can change it).
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
      await registerCheck(body);
      const created = await register(body);
      setAccount({ userName: body.userName, email: created.email });
    } catch (e) {
      if (!showOnField(form, e, REGISTER_FIELDS)) setError(inlineErrorText(e, t('account.errors.generic')));
    } finally {
      setPending(false);
    }
  };

  const verify = async (validCode: string) => {
    if (!account) return;
    setPending(true);
    setError(null);
    try {
      await verifyEmail({ userName: account.userName, validCode });
      navigate('/login?registered=1', { replace: true });
    } catch (e) {
      setError(inlineErrorText(e, t('account.errors.generic')));
    } finally {
      setPending(false);
    }
  };

  return (
    <PublicFrame title={t('account.register.title')} subtitle={t('account.register.subtitle')}>
      <Steps
        className="account-steps"
        size="small"
        responsive={false}
        current={account ? 1 : 0}
        items={[{ title: t('account.register.stepAccount') }, { title: t('account.register.stepVerify') }]}
      />
      {account ? (
        <>
          <Typography.Paragraph data-testid="code-sent-to">
            {t('account.register.codeSent', { email: account.email })}
          </Typography.Paragraph>
          <CodeForm
            onSubmit={verify}
            pending={pending}
            submitText={t('account.register.verify')}
            error={error}
          />
          <Typography.Paragraph type="secondary" className="account-note">
            {t('account.register.verifyLater')}
          </Typography.Paragraph>
        </>
      ) : (
        <RegisterForm form={form} onSubmit={submit} pending={pending} error={error} />
      )}
    </PublicFrame>
  );
}
