import { EditOutlined } from '@ant-design/icons';
import { LanguageEditBodySchema } from '@ems/contract/api/admin';
import type { Language } from '@ems/contract/api/common';
import { Button, Form, Input, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/form/zod-rule';
import { FormModal } from '../../../shared/ui/form-modal';
import { emptyOrError } from '../../../shared/ui/query-error';
import { editLanguage } from '../api/edit-language';
import { languagesQueryOptions, useLanguages } from '../api/get-languages';
import { useAdminEditor } from '../lib/use-admin-editor';

/** Interface languages (the list is fixed by the app's translations); each can be renamed. */
export function LanguagesTab() {
  const { t } = useTranslation();
  const languages = useLanguages();
  const { editing, form, open, submit, modalProps } = useAdminEditor<Language, { languageName: string }>({
    queryKey: languagesQueryOptions().queryKey,
    initial: (lang) => ({ languageName: lang.languageName }),
  });
  const save = ({ languageName }: { languageName: string }) => {
    const id = editing?.id;
    if (id !== undefined) void submit(() => editLanguage({ id, languageName: languageName.trim() }));
  };

  const columns: TableColumnsType<Language> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('admin.languages.code'), dataIndex: 'languageCode' },
    { title: t('admin.languages.name'), dataIndex: 'languageName' },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 120,
      render: (_v, lang) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => open(lang)}>
          {t('admin.languages.rename')}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-tab admin-narrow">
      <Table<Language>
        rowKey="id"
        size="middle"
        loading={languages.isPending}
        locale={{ emptyText: emptyOrError(languages) }}
        columns={columns}
        dataSource={languages.data ?? []}
        pagination={false}
      />
      <FormModal
        {...modalProps}
        title={t('admin.languages.renameTitle', { code: editing?.languageCode ?? '' })}
        okText={t('admin.save')}
      >
        <Form<{ languageName: string }>
          noValidate
          name="language-edit"
          form={form}
          layout="vertical"
          onFinish={save}
        >
          <Form.Item
            label={t('admin.languages.name')}
            name="languageName"
            rules={[zodRule(LanguageEditBodySchema, 'languageName')]}
          >
            <Input />
          </Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}
