/** Create (no id) or rename a group (spec §3 Group name; spec §5 "group name cannot be empty"). */
import { CategoryEditBodySchema } from '@ems/contract/api/fleet';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { toastSuccess } from '../../../shared/ui/feedback';
import { FormModal } from '../../../shared/ui/form-modal';
import { editGroup, refreshSites } from '../api/fleet-api';

/** The group name dialog; `value` null keeps it closed, `{}` creates, `{id, name}` renames. */
export function GroupNameModal({
  value,
  onClose,
}: {
  value: { id?: number; name?: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const client = useQueryClient();
  const { pending, error, run, clear } = useInlineAction('fleet.errors.generic');
  const renaming = value?.id !== undefined;

  useEffect(() => {
    if (!value) return;
    form.resetFields();
    form.setFieldsValue({ name: value.name ?? '' });
  }, [value, form]);

  const save = ({ name }: { name: string }) =>
    run(
      async () => {
        await editGroup(renaming ? { action: 'rename', id: value!.id, name } : { action: 'create', name });
        toastSuccess(catalogueText('common.ok'));
        await refreshSites(client);
        onClose();
      },
      { form, fields: ['name'] },
    );

  return (
    <FormModal
      open={value !== null}
      title={t(renaming ? 'fleet.group.rename' : 'fleet.group.create')}
      form={form}
      pending={pending}
      error={error}
      okText={t('fleet.save')}
      onCancel={() => {
        clear();
        onClose();
      }}
    >
      <Form noValidate form={form} layout="vertical" onFinish={save} name="group-form">
        <Form.Item
          name="name"
          label={t('fleet.group.name')}
          required
          rules={[zodRule(CategoryEditBodySchema, 'name', { action: renaming ? 'rename' : 'create' })]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
