import { EditOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { Co2FactorEditBodySchema } from '@ems/contract/api/report';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/form/zod-rule';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { FormModal } from '../../../shared/ui/form-modal';
import { QueryError } from '../../../shared/ui/query-error';
import { type Co2Factor, useCo2Factors } from '../api/get-co2-factors';
import { type Co2FactorInput, resetCo2Factor, saveCo2Factor } from '../api/save-co2-factor';
import { useAdminEditor } from '../lib/use-admin-editor';

const FIELDS = ['country', 'kgPerKwh'] as const;
const rule = (field: (typeof FIELDS)[number]) => zodRule(Co2FactorEditBodySchema, field);

/** "Germany (DE)" in the interface language; the bare code when the browser does not know it. */
function countryName(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * CO2 factors of reports (issue 8 §3, "a stated factor per country, editable by the administrator"):
 * the list of countries with their kg/kWh and whether the value is the default or the administrator's;
 * add or edit (validated as the API validates, then confirmed, since every report of that country's
 * sites changes, past periods included) and reset to the default. The API's refusals show inline in
 * the caller's language.
 */
export function Co2FactorsTab() {
  const { t } = useTranslation();
  const language = currentLanguageCode();
  const { modal } = App.useApp();
  const factors = useCo2Factors();
  const { editing, form, open, submit, remove, modalProps } = useAdminEditor<Co2Factor, Co2FactorInput>({
    queryKey: ['reports'],
    fields: FIELDS,
    initial: (item) => ({ country: item.country ?? '', kgPerKwh: item.kgPerKwh ?? 0.4 }),
  });

  const save = (values: Co2FactorInput) => {
    const country = values.country.trim().toUpperCase();
    modal.confirm({
      title: t('admin.co2.confirmTitle', { country: countryName(country, language) }),
      content: t('admin.co2.confirmText', { value: values.kgPerKwh }),
      okText: t('admin.save'),
      cancelText: t('common.actions.cancel'),
      onOk: () => submit(() => saveCo2Factor({ country, kgPerKwh: values.kgPerKwh })),
    });
  };

  const columns: TableColumnsType<Co2Factor> = [
    {
      title: t('admin.co2.country'),
      dataIndex: 'country',
      render: (code: string) => countryName(code, language),
    },
    {
      title: t('admin.co2.factor'),
      dataIndex: 'kgPerKwh',
      align: 'right',
      render: (v: number) =>
        new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(v),
    },
    {
      title: t('admin.co2.source'),
      dataIndex: 'custom',
      responsive: ['sm'],
      render: (custom: boolean) =>
        custom ? <Tag color="blue">{t('admin.co2.custom')}</Tag> : <Tag>{t('admin.co2.default')}</Tag>,
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 110,
      render: (_v, item) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('admin.co2.editOf', { country: item.country })}
            title={t('admin.edit')}
            onClick={() => open(item)}
          />
          {item.custom && (
            <Popconfirm
              title={t('admin.co2.resetTitle')}
              description={t('admin.co2.resetText', { country: countryName(item.country, language) })}
              okText={t('admin.co2.reset')}
              cancelText={t('common.actions.cancel')}
              onConfirm={() => remove(() => resetCo2Factor(item.country))}
            >
              <Button
                size="small"
                icon={<UndoOutlined />}
                aria-label={t('admin.co2.resetOf', { country: item.country })}
                title={t('admin.co2.reset')}
              />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  if (factors.isError && !factors.data) {
    return <QueryError error={factors.error} />;
  }
  return (
    <div className="admin-tab admin-narrow">
      <Typography.Paragraph type="secondary">{t('admin.co2.hint')}</Typography.Paragraph>
      <div className="admin-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open({})}>
          {t('admin.co2.add')}
        </Button>
      </div>
      <Table<Co2Factor>
        rowKey="country"
        size="middle"
        loading={factors.isPending}
        columns={columns}
        dataSource={factors.data ?? []}
        pagination={false}
      />
      <FormModal
        {...modalProps}
        title={editing?.country ? t('admin.co2.editTitle') : t('admin.co2.addTitle')}
        okText={t('admin.save')}
      >
        <Form<Co2FactorInput>
          noValidate
          name="co2-factor"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={save}
        >
          <Form.Item
            label={t('admin.co2.country')}
            name="country"
            rules={[rule('country')]}
            extra={editing?.country ? undefined : t('admin.co2.countryHint')}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input maxLength={2} disabled={Boolean(editing?.country)} autoComplete="off" placeholder="DE" />
          </Form.Item>
          <Form.Item label={t('admin.co2.factor')} name="kgPerKwh" rules={[rule('kgPerKwh')]}>
            <InputNumber min={0} max={5} step={0.01} precision={3} className="full-width" />
          </Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}
