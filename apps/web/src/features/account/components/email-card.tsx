import { CheckCircleFilled, ExclamationCircleFilled, MailOutlined } from '@ant-design/icons';
import type { UserInfo } from '@ems/contract/api/auth';
import { Status } from '@ems/contract/status-codes';
import { emailField } from '@ems/contract/validation';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodValueRule } from '../../../shared/form/zod-rule';
import { ApiError } from '../../../shared/http/api-error';
import { userInfoQueryOptions } from '../../../shared/session/user-info';
import { toastSuccess } from '../../../shared/ui/feedback';
import { sendEmailCode } from '../api/send-email-code';
import { verifyEmail } from '../api/verify-email';
import { CodeForm } from './code-form';
import { ResendButton } from './resend-button';

type Stage =
  | { step: 'idle' }
  | { step: 'address' }
  | { step: 'code'; email: string; masked: string; resendAt: number };

/**
 * E-mail states of spec §4: unverified → a code to the address (user/email/active) → the code
 * (user/email/verify) → verified. A verified address says so; "change" starts over with a new one.
 */
export function EmailCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const { pending, error, run } = useInlineAction();

  const send = async (email: string) => {
    await run(async () => {
      try {
        const sent = await sendEmailCode(email);
        setStage({
          step: 'code',
          email,
          masked: sent.maskedAddress,
          resendAt: Date.now() + sent.resendAfterSeconds * 1000,
        });
      } catch (e) {
        // A code went to this address less than a minute ago (e.g. at registration): it is still good,
        // so ask for it, and let the resend wait as long as the server says.
        if (e instanceof ApiError && e.status === Status.TOO_MANY_REQUESTS && e.retryAfter) {
          setStage({ step: 'code', email, masked: email, resendAt: Date.now() + e.retryAfter * 1000 });
        }
        throw e;
      }
    });
  };

  const verify = (validCode: string) =>
    run(async () => {
      await verifyEmail({ validCode });
      await queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
      toastSuccess(catalogueText('account.emailVerified'));
      setStage({ step: 'idle' });
    });

  const verified = user.emailVerified && Boolean(user.email);
  return (
    <Card title={t('account.email.title')} className="profile-card">
      <Space className="email-line" wrap>
        <MailOutlined />
        <Typography.Text strong data-testid="profile-email">
          {user.email ?? t('account.email.none')}
        </Typography.Text>
        {user.email &&
          (verified ? (
            <Tag color="success" icon={<CheckCircleFilled />}>
              {t('account.email.verified')}
            </Tag>
          ) : (
            <Tag color="warning" icon={<ExclamationCircleFilled />}>
              {t('account.email.unverified')}
            </Tag>
          ))}
      </Space>
      {verified && stage.step === 'idle' && (
        <Typography.Paragraph type="secondary" className="email-note">
          {catalogueText('account.emailAlreadyVerified')}
        </Typography.Paragraph>
      )}
      {stage.step === 'idle' && (
        <Space wrap>
          {!verified && user.email && (
            <Button type="primary" loading={pending} onClick={() => send(user.email!)}>
              {t('account.email.verify')}
            </Button>
          )}
          <Button onClick={() => setStage({ step: 'address' })}>
            {user.email ? t('account.email.change') : t('account.email.add')}
          </Button>
        </Space>
      )}
      {stage.step === 'address' && (
        <Form<{ email: string }>
          noValidate
          name="email-address"
          layout="vertical"
          requiredMark={false}
          disabled={pending}
          onFinish={(v) => send(v.email.trim())}
        >
          <Form.Item label={t('account.email.newAddress')} name="email" rules={[zodValueRule(emailField)]}>
            <Input type="email" autoComplete="email" autoFocus />
          </Form.Item>
          <div className="form-actions">
            <Button type="primary" htmlType="submit" loading={pending}>
              {t('account.email.sendCode')}
            </Button>
            <Button onClick={() => setStage({ step: 'idle' })}>{t('common.actions.cancel')}</Button>
          </div>
        </Form>
      )}
      {stage.step === 'code' && (
        <>
          <Typography.Paragraph>
            {t('account.email.codeSent', { address: stage.masked })}
          </Typography.Paragraph>
          <CodeForm
            onSubmit={verify}
            pending={pending}
            submitText={t('account.email.confirm')}
            extra={<ResendButton availableAt={stage.resendAt} onResend={() => send(stage.email)} />}
          />
        </>
      )}
      {error && <Alert type="error" showIcon title={error} className="form-alert email-error" role="alert" />}
    </Card>
  );
}
