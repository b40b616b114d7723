import { SendOutlined } from '@ant-design/icons';
import {
  SMTP_SECURITY,
  type SmtpSettings,
  SmtpSettingsBodySchema,
  SmtpTestBodySchema,
} from '@ems/contract/api/admin';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { toastSuccess } from '../../../shared/ui/feedback';
import { QueryError } from '../../../shared/ui/query-error';
import { smtpQueryOptions, useSmtp } from '../api/get-smtp';
import { type SmtpInput, saveSmtp } from '../api/save-smtp';
import { sendTestMail } from '../api/send-test-mail';

const FIELDS = ['host', 'port', 'security', 'username', 'password', 'fromAddress'] as const;
const rule = (field: (typeof FIELDS)[number]) => zodRule(SmtpSettingsBodySchema, field);

/** Default ports of the three security choices, offered when the port is still empty. */
const DEFAULT_PORT = { none: 25, ssl: 465, tls: 587 } as const;

function SmtpForm({ settings }: { settings: SmtpSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SmtpInput>();
  const { pending, error, run } = useInlineAction('admin.errors.generic');

  const save = (values: SmtpInput) =>
    run(
      async () => {
        await saveSmtp({
          ...values,
          username: values.username?.trim() || undefined,
          password: values.password || undefined,
        });
        await queryClient.invalidateQueries({ queryKey: smtpQueryOptions().queryKey });
        form.setFieldValue('password', '');
        toastSuccess(catalogueText('common.ok'));
      },
      { form, fields: FIELDS },
    );

  return (
    <Form<SmtpInput>
      noValidate
      name="smtp"
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={pending}
      onFinish={save}
      initialValues={{
        host: settings.host ?? '',
        port: settings.port ?? DEFAULT_PORT.tls,
        security: settings.security ?? 'tls',
        username: settings.username ?? '',
        password: '',
        fromAddress: settings.fromAddress ?? '',
      }}
    >
      <div className="admin-form-grid">
        <Form.Item label={t('admin.smtp.host')} name="host" rules={[rule('host')]}>
          <Input placeholder="smtp.example.com" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('admin.smtp.port')} name="port" rules={[rule('port')]}>
          <InputNumber min={1} max={65535} precision={0} className="full-width" />
        </Form.Item>
        <Form.Item label={t('admin.smtp.security')} name="security" rules={[rule('security')]}>
          <Radio.Group
            optionType="button"
            options={SMTP_SECURITY.map((s) => ({ value: s, label: t(`admin.smtp.securityOption.${s}`) }))}
            onChange={(e) => {
              const port = form.getFieldValue('port') as number | undefined;
              if (!port || Object.values(DEFAULT_PORT).includes(port as 25)) {
                form.setFieldValue('port', DEFAULT_PORT[e.target.value as keyof typeof DEFAULT_PORT]);
              }
            }}
          />
        </Form.Item>
        <Form.Item label={t('admin.smtp.fromAddress')} name="fromAddress" rules={[rule('fromAddress')]}>
          <Input type="email" placeholder="noreply@example.com" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('admin.smtp.username')} name="username" rules={[rule('username')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('admin.smtp.password')}
          name="password"
          rules={[rule('password')]}
          extra={settings.hasPassword ? t('admin.smtp.passwordKept') : undefined}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={settings.hasPassword ? t('admin.smtp.passwordUnchanged') : undefined}
          />
        </Form.Item>
      </div>
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Button type="primary" htmlType="submit" loading={pending}>
        {t('admin.smtp.save')}
      </Button>
    </Form>
  );
}

function TestMail({ configured }: { configured: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pending, error, run } = useInlineAction('admin.errors.generic');
  const send = ({ to }: { to: string }) =>
    run(async () => {
      await sendTestMail(to.trim());
      toastSuccess(catalogueText('mail.testSent', { address: to.trim() }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    });
  return (
    <Form<{ to: string }>
      noValidate
      name="smtp-test"
      layout="vertical"
      requiredMark={false}
      onFinish={send}
      disabled={pending}
    >
      <Form.Item
        label={t('admin.smtp.testTo')}
        extra={configured ? t('admin.smtp.testHint') : t('admin.smtp.testWithoutSmtp')}
      >
        <Space.Compact className="full-width">
          <Form.Item name="to" noStyle rules={[zodRule(SmtpTestBodySchema, 'to')]}>
            <Input
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              aria-label={t('admin.smtp.testTo')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={pending}>
            {t('admin.smtp.sendTest')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Form>
  );
}

/**
 * SMTP settings (spec §3: server address, port, account, password, SSL/TLS; a from address). The
 * password is write-only: "unchanged" stands in for a stored one. A test mail goes through the outbox.
 */
export function SmtpTab() {
  const { t } = useTranslation();
  const smtp = useSmtp();
  if (smtp.isPending) return <Skeleton active />;
  if (!smtp.data) return <QueryError error={smtp.error} />;
  return (
    <div className="admin-tab admin-narrow">
      {!smtp.data.configured && (
        <Alert type="info" showIcon title={t('admin.smtp.notConfigured')} className="form-alert" />
      )}
      <Card title={t('admin.smtp.title')}>
        <SmtpForm key={JSON.stringify(smtp.data)} settings={smtp.data} />
      </Card>
      <Card title={t('admin.smtp.testTitle')}>
        <TestMail configured={smtp.data.configured} />
      </Card>
    </div>
  );
}
