import { PlusOutlined } from '@ant-design/icons';
import { APP_PLATFORMS, type AppVersion, AppVersionCreateBodySchema } from '@ems/contract/api/admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { toastSuccess } from '../../../shared/ui/feedback';
import { emptyOrError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { type AppVersionInput, createAppVersion } from '../api/create-app-version';
import { useAppVersions } from '../api/get-app-versions';

const FIELDS = [
  'platform',
  'versionName',
  'versionCode',
  'downloadUrl',
  'releaseNotes',
  'forceUpdate',
] as const;
const rule = (field: (typeof FIELDS)[number]) => zodRule(AppVersionCreateBodySchema, field);

/** App versions: what /download/app and /update/version show. The list, and a form to publish one. */
export function AppVersionsTab() {
  const { t } = useTranslation();
  // Phones: fewer columns (responsive) fitted to the screen instead of a sideways scroll.
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const versions = useAppVersions();
  const [form] = Form.useForm<AppVersionInput>();
  const { pending, error, run } = useInlineAction('admin.errors.generic');
  const locale = currentLanguageCode();

  const publish = (values: AppVersionInput) =>
    run(
      async () => {
        await createAppVersion({ ...values, downloadUrl: values.downloadUrl?.trim() || undefined });
        toastSuccess(catalogueText('common.ok'));
        form.resetFields();
        await queryClient.invalidateQueries({ queryKey: ['admin', 'app-versions'] });
      },
      { form, fields: FIELDS },
    );

  const columns: TableColumnsType<AppVersion> = [
    {
      title: t('admin.versions.platform'),
      dataIndex: 'platform',
      render: (p: string) => t(`common.platform.${p}`),
    },
    { title: t('admin.versions.versionName'), dataIndex: 'versionName' },
    { title: t('admin.versions.versionCode'), dataIndex: 'versionCode', align: 'right', responsive: ['sm'] },
    {
      title: t('admin.versions.force'),
      dataIndex: 'forceUpdate',
      render: (v: boolean) => (v ? <Tag color="red">{t('admin.versions.forced')}</Tag> : null),
    },
    { title: t('admin.versions.notes'), dataIndex: 'releaseNotes', ellipsis: true, responsive: ['md'] },
    {
      title: t('admin.versions.published'),
      dataIndex: 'publishedAt',
      responsive: ['md'],
      render: (v: string) => <span className="num">{formatDateTime(v, locale)}</span>,
    },
  ];

  return (
    <div className="admin-tab">
      <Table<AppVersion>
        rowKey="id"
        size="middle"
        loading={versions.isPending}
        columns={columns}
        dataSource={versions.data ?? []}
        pagination={false}
        scroll={isMobile ? undefined : { x: 760 }}
        tableLayout={isMobile ? 'fixed' : undefined}
        locale={{ emptyText: emptyOrError(versions, t('admin.versions.empty')) }}
      />
      <Card title={t('admin.versions.addTitle')} className="admin-narrow">
        <Form<AppVersionInput>
          noValidate
          name="app-version"
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={pending}
          onFinish={publish}
          initialValues={{ platform: 'android', forceUpdate: false }}
        >
          <div className="admin-form-grid">
            <Form.Item label={t('admin.versions.platform')} name="platform" rules={[rule('platform')]}>
              <Select options={APP_PLATFORMS.map((p) => ({ value: p, label: t(`common.platform.${p}`) }))} />
            </Form.Item>
            <Form.Item
              label={t('admin.versions.versionName')}
              name="versionName"
              rules={[rule('versionName')]}
              extra={t('admin.versions.versionNameHint')}
            >
              <Input placeholder="V2.4.202" />
            </Form.Item>
            <Form.Item
              label={t('admin.versions.versionCode')}
              name="versionCode"
              rules={[rule('versionCode')]}
            >
              <InputNumber min={1} precision={0} className="full-width" />
            </Form.Item>
            <Form.Item
              label={t('admin.versions.downloadUrl')}
              name="downloadUrl"
              rules={[rule('downloadUrl')]}
            >
              <Input type="url" placeholder="https://" />
            </Form.Item>
          </div>
          <Form.Item label={t('admin.versions.notes')} name="releaseNotes" rules={[rule('releaseNotes')]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label={t('admin.versions.force')} name="forceUpdate" valuePropName="checked">
            <Switch />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} className="form-alert" role="alert" />}
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={pending}>
            {t('admin.versions.publish')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
