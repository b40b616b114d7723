import { useQueryClient } from '@tanstack/react-query';
import { Form, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { encryptForServer } from '../../../shared/crypto/encrypt-for-server';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { toastSuccess } from '../../../shared/ui/feedback';
import { PublicFrame } from '../../../shared/ui/public-frame';
import { register } from '../api/register';
import { registerCheck } from '../api/register-check';
import { sendEmailCode } from '../api/send-email-code';
import { verifyEmail } from '../api/verify-email';
import { CodeForm } from '../components/code-form';
import { REGISTER_FIELDS, RegisterForm, type RegisterValues } from '../components/register-form';
import { ResendButton } from '../components/resend-button';
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
  const [account, setAccount] = useState<{ userName: string; email: string; resendAt: number } | null>(null);
  const { pending, error, run } = useInlineAction();

  // A rule's error belongs under its field; anything else is said above the button.
  const submit = (values: RegisterValues) =>
    run(
      async () => {
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
        setAccount({
          userName: body.userName,
          email: created.email,
          resendAt: Date.now() + created.resendAfterSeconds * 1000,
        });
      },
      { form, fields: REGISTER_FIELDS },
    );

  const verify = (validCode: string) =>
    run(async () => {
      if (!account) return;
      await verifyEmail({ userName: account.userName, validCode });
      navigate('/login?registered=1', { replace: true });
    });

  // The code may be lost or expired (10 min): send it again to the address just registered.
  const resend = () =>
    run(async () => {
      if (!account) return;
      const sent = await sendEmailCode(account.email, account.userName);
      setAccount({ ...account, resendAt: Date.now() + sent.resendAfterSeconds * 1000 });
      toastSuccess(t('account.register.codeResent', { email: account.email }));
    });

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
            extra={<ResendButton availableAt={account.resendAt} loading={pending} onResend={resend} />}
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
