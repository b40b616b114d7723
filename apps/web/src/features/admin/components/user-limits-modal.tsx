/**
 * Per-user limits (spec §9, issue 7 §8): the most sites and devices the account may own. Empty means the
 * platform default (contract DEFAULT_MAX_STATIONS / DEFAULT_MAX_DEVICES); out-of-range values are refused
 * as "data out of range" by the contract's AdminUserEditBodySchema on both sides.
 */
import { AdminUserEditBodySchema, type AdminUserSchema } from '@ems/contract/api/admin';
import { DEFAULT_MAX_DEVICES, DEFAULT_MAX_STATIONS } from '@ems/contract/constants';
import { Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule } from '../../../shared/form/zod-rule';
import { toastSuccess } from '../../../shared/ui/feedback';
import { FormModal } from '../../../shared/ui/form-modal';
import { editUser } from '../api/edit-user';

type AdminUser = z.infer<typeof AdminUserSchema>;
type Limits = { maxStations: number | null; maxDevices: number | null };
const FIELDS = ['maxStations', 'maxDevices'] as const;

/** The limits dialog of `user` (closed when null); `onSaved` refreshes the list. */
export function UserLimitsModal({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Limits>();
  const { pending, error, run, clear } = useInlineAction('admin.errors.generic');

  useEffect(() => {
    if (!user) return;
    form.resetFields();
    form.setFieldsValue({ maxStations: user.maxStations, maxDevices: user.maxDevices });
  }, [user, form]);

  const save = (values: Limits) =>
    run(
      async () => {
        await editUser({
          userId: user!.id,
          maxStations: values.maxStations ?? null,
          maxDevices: values.maxDevices ?? null,
        });
        toastSuccess(catalogueText('common.ok'));
        await onSaved();
        onClose();
      },
      { form, fields: FIELDS },
    );
  const rule = (field: (typeof FIELDS)[number]) =>
    zodRule(AdminUserEditBodySchema, field, { userId: user?.id ?? 1 });

  return (
    <FormModal
      open={user !== null}
      title={t('admin.users.limitsTitle', { name: user?.loginName ?? '' })}
      form={form}
      pending={pending}
      error={error}
      okText={t('admin.save')}
      onCancel={() => {
        clear();
        onClose();
      }}
    >
      <Form<Limits> noValidate form={form} layout="vertical" onFinish={save} name="user-limits">
        <Form.Item name="maxStations" label={t('admin.users.maxStations')} rules={[rule('maxStations')]}>
          <InputNumber style={{ width: '100%' }} placeholder={String(DEFAULT_MAX_STATIONS)} />
        </Form.Item>
        <Form.Item name="maxDevices" label={t('admin.users.maxDevices')} rules={[rule('maxDevices')]}>
          <InputNumber style={{ width: '100%' }} placeholder={String(DEFAULT_MAX_DEVICES)} />
        </Form.Item>
        <p className="cell-sub">{t('admin.users.limitsHint')}</p>
      </Form>
    </FormModal>
  );
}
