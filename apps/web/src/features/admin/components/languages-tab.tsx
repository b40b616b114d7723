import { EditOutlined } from '@ant-design/icons';
import { LanguageEditBodySchema } from '@ems/contract/api/admin';
import type { Language } from '@ems/contract/api/common';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { toastSuccess } from '../../../shared/ui/feedback';
import { FormModal } from '../../../shared/ui/form-modal';
import { editLanguage } from '../api/edit-language';
import { languagesQueryOptions, useLanguages } from '../api/get-languages';

/** Interface languages (the list is fixed by the app's translations); each can be renamed. */
export function LanguagesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const languages = useLanguages();
  const [editing, setEditing] = useState<Language | null>(null);
  const [form] = Form.useForm<{ languageName: string }>();
  const { pending, error, run, clear } = useInlineAction('admin.errors.generic');

  const save = async ({ languageName }: { languageName: string }) => {
    if (!editing) return;
    await run(async () => {
      await editLanguage({ id: editing.id, languageName: languageName.trim() });
      await queryClient.invalidateQueries({ queryKey: languagesQueryOptions().queryKey });
      toastSuccess(catalogueText('common.ok'));
      setEditing(null);
    });
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
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => {
            form.setFieldsValue({ languageName: lang.languageName });
            setEditing(lang);
          }}
        >
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
        columns={columns}
        dataSource={languages.data ?? []}
        pagination={false}
      />
      <FormModal
        open={editing !== null}
        title={t('admin.languages.renameTitle', { code: editing?.languageCode ?? '' })}
        form={form}
        pending={pending}
        error={error}
        okText={t('admin.save')}
        onCancel={() => setEditing(null)}
        afterClose={clear}
      >
        <Form<{ languageName: string }> name="language-edit" form={form} layout="vertical" onFinish={save}>
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
