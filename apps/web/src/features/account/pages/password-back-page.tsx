import { UserOutlined } from '@ant-design/icons';
import { loginNameField } from '@ems/contract/validation';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { encryptForServer } from '../../../shared/crypto/encrypt-for-server';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { zodValueRule } from '../../../shared/form/zod-rule';
import { currentMode, loginPathFor } from '../../../shared/session/mode';
import { PublicFrame } from '../../../shared/ui/public-frame';
import { passwordBack } from '../api/password-back';
import { passwordReset } from '../api/password-reset';
import { CodeForm } from '../components/code-form';
import { NewPasswordForm } from '../components/new-password-form';
import { ResendButton } from '../components/resend-button';
import '../components/account.css';

type Stage =
  | { step: 'name' }
  | { step: 'code'; userName: string; resendAt: number }
  | { step: 'password'; userName: string; resetTicket: string }
  | { step: 'done' };

const STEP_INDEX: Record<Stage['step'], number> = { name: 0, code: 1, password: 2, done: 3 };

/**
 * /password/back (spec §2, issue 3 §3): user name → "if the account has a verified e-mail, a code was
 * sent; otherwise use other methods" (the same for every name) → the code gives a reset ticket → new password twice → "reset succeeded" → sign-in.
 */
export function PasswordBackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: 'name' });
  const { pending, error, run } = useInlineAction();

  const askCode = (userName: string) =>
    run(async () => {
      const sent = await passwordBack({ userName });
      // The server answers alike for every name (no account is revealed), so the page does too.
      if ('resendAfterSeconds' in sent) {
        setStage({ step: 'code', userName, resendAt: Date.now() + sent.resendAfterSeconds * 1000 });
      }
    });

  const checkCode = (userName: string, validCode: string) =>
    run(async () => {
      const answer = await passwordBack({ userName, validCode });
      if ('resetTicket' in answer) setStage({ step: 'password', userName, resetTicket: answer.resetTicket });
    });

  const reset = (
    userName: string,
    resetTicket: string,
    values: { password: string; confirmPassword: string },
  ) =>
    run(async () => {
      const [password, confirmPassword] = await encryptForServer(
        queryClient,
        values.password,
        values.confirmPassword,
      );
      await passwordReset({ userName, resetTicket, password: password!, confirmPassword: confirmPassword! });
      setStage({ step: 'done' });
    });

  return (
    <PublicFrame title={t('account.passwordBack.title')} subtitle={t('account.passwordBack.subtitle')}>
      <Steps
        className="account-steps"
        size="small"
        responsive={false}
        current={STEP_INDEX[stage.step]}
        items={[
          { title: t('account.passwordBack.stepName') },
          { title: t('account.passwordBack.stepCode') },
          { title: t('account.passwordBack.stepPassword') },
        ]}
      />
      {stage.step === 'name' && (
        <Form<{ userName: string }>
          noValidate
          name="password-back"
          layout="vertical"
          requiredMark={false}
          disabled={pending}
          onFinish={(v) => askCode(v.userName.trim())}
        >
          <Form.Item
            label={t('account.register.userName')}
            name="userName"
            rules={[zodValueRule(loginNameField)]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          {error && <Alert type="warning" showIcon title={error} className="form-alert" role="alert" />}
          <Button type="primary" htmlType="submit" block loading={pending}>
            {t('account.passwordBack.sendCode')}
          </Button>
        </Form>
      )}
      {stage.step === 'code' && (
        <>
          <Typography.Paragraph data-testid="code-sent-to">
            {t('account.passwordBack.codeSent')}
          </Typography.Paragraph>
          <CodeForm
            onSubmit={(code) => checkCode(stage.userName, code)}
            pending={pending}
            submitText={t('account.passwordBack.checkCode')}
            error={error}
            extra={
              <ResendButton
                availableAt={stage.resendAt}
                loading={pending}
                onResend={() => askCode(stage.userName)}
              />
            }
          />
        </>
      )}
      {stage.step === 'password' && (
        <NewPasswordForm
          userName={stage.userName}
          pending={pending}
          error={error}
          onSubmit={(values) => reset(stage.userName, stage.resetTicket, values)}
        />
      )}
      {stage.step === 'done' && (
        <Result
          status="success"
          title={t('account.passwordBack.done')}
          subTitle={t('account.passwordBack.doneHint')}
          extra={
            <Button type="primary" onClick={() => navigate(loginPathFor(currentMode()), { replace: true })}>
              {t('account.passwordBack.toSignIn')}
            </Button>
          }
        />
      )}
    </PublicFrame>
  );
}
