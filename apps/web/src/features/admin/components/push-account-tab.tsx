import { AccountSettingsBodySchema } from '@ems/contract/api/push';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { toastSuccess } from '../../../shared/ui/feedback';
import { QueryError } from '../../../shared/ui/query-error';
import { type PushAccountSettings, pushAccountQueryOptions, usePushAccount } from '../api/get-push-account';
import { type PushAccountInput, savePushAccount } from '../api/save-push-account';

const FIELDS = ['appId', 'appSecret', 'token', 'alarmTemplateId', 'reportTemplateId', 'apiBase'] as const;
const rule = (field: (typeof FIELDS)[number]) => zodRule(AccountSettingsBodySchema, field);

function AccountForm({ settings }: { settings: PushAccountSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PushAccountInput>();
  const { pending, error, run } = useInlineAction('admin.errors.generic');

  const save = (values: PushAccountInput) =>
    run(
      async () => {
        await savePushAccount({ ...values, appSecret: values.appSecret || undefined });
        await queryClient.invalidateQueries({ queryKey: pushAccountQueryOptions().queryKey });
        form.setFieldValue('appSecret', '');
        toastSuccess(catalogueText('common.ok'));
      },
      { form, fields: FIELDS },
    );

  return (
    <Form<PushAccountInput>
      name="push-account"
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={pending}
      onFinish={save}
      initialValues={{
        appId: settings.appId,
        appSecret: '',
        token: settings.token,
        alarmTemplateId: settings.alarmTemplateId,
        reportTemplateId: settings.reportTemplateId,
        apiBase: settings.apiBase,
      }}
    >
      <div className="admin-form-grid">
        <Form.Item label={t('pushAccount.console.appId')} name="appId" rules={[rule('appId')]}>
          <Input placeholder="wx0123456789abcdef" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('pushAccount.console.appSecret')}
          name="appSecret"
          rules={[rule('appSecret')]}
          extra={settings.hasSecret ? t('pushAccount.console.secretKept') : undefined}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={settings.hasSecret ? t('pushAccount.console.secretUnchanged') : undefined}
          />
        </Form.Item>
        <Form.Item
          label={t('pushAccount.console.token')}
          name="token"
          rules={[rule('token')]}
          extra={t('pushAccount.console.tokenHint')}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('pushAccount.console.apiBase')}
          name="apiBase"
          rules={[rule('apiBase')]}
          extra={t('pushAccount.console.apiBaseHint')}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('pushAccount.console.alarmTemplateId')}
          name="alarmTemplateId"
          rules={[rule('alarmTemplateId')]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('pushAccount.console.reportTemplateId')}
          name="reportTemplateId"
          rules={[rule('reportTemplateId')]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </div>
      {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
      <Button type="primary" htmlType="submit" loading={pending}>
        {t('pushAccount.console.save')}
      </Button>
    </Form>
  );
}

/** What to enter in the official account's own console, and the two templates' layout. */
function ServerSetup({ settings }: { settings: PushAccountSettings }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}${settings.callbackPath}`;
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        {
          key: 'url',
          label: t('pushAccount.console.serverUrl'),
          children: (
            <Typography.Text copyable className="push-account-url" data-testid="push-account-url">
              {url}
            </Typography.Text>
          ),
        },
        {
          key: 'token',
          label: t('pushAccount.console.token'),
          children: settings.token ? (
            <Typography.Text copyable>{settings.token}</Typography.Text>
          ) : (
            t('pushAccount.console.tokenFirst')
          ),
        },
        {
          key: 'mode',
          label: t('pushAccount.console.encoding'),
          children: t('pushAccount.console.plaintext'),
        },
        {
          key: 'alarm',
          label: t('pushAccount.console.alarmLayout'),
          children: <code className="push-account-layout">{t('pushAccount.console.alarmFields')}</code>,
        },
        {
          key: 'report',
          label: t('pushAccount.console.reportLayout'),
          children: <code className="push-account-layout">{t('pushAccount.console.reportFields')}</code>,
        },
      ]}
    />
  );
}

/**
 * Official account (issue 20 §4): appId, appSecret (write-only: "unchanged" stands for a stored one),
 * the callback token, the alarm and report template ids and the API base address; below, what to
 * enter in the official account's console (server URL, token, plaintext mode) and the templates' layout.
 */
export function PushAccountTab() {
  const { t } = useTranslation();
  const settings = usePushAccount();
  if (settings.isPending) return <Skeleton active />;
  if (!settings.data) return <QueryError error={settings.error} />;
  return (
    <div className="admin-tab admin-narrow">
      {!settings.data.configured && (
        <Alert type="info" showIcon title={t('pushAccount.console.notConfigured')} className="form-alert" />
      )}
      <Card title={t('pushAccount.console.title')}>
        <AccountForm key={JSON.stringify(settings.data)} settings={settings.data} />
      </Card>
      <Card title={t('pushAccount.console.setupTitle')}>
        <ServerSetup settings={settings.data} />
      </Card>
    </div>
  );
}
