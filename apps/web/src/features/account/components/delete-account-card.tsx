import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptForServer } from '../../../shared/crypto/encrypt-for-server';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText } from '../../../shared/form/zod-rule';
import { toastSuccess } from '../../../shared/ui/feedback';
import { deleteAccount } from '../api/delete-account';

/**
 * Account deletion behind a dialog that asks the password; afterwards the session ends
 * (`onDeleted` signs out locally).
 */
export function DeleteAccountCard({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const { pending, error, run, clear } = useInlineAction();

  const confirm = ({ password }: { password: string }) =>
    run(async () => {
      const [cipher] = await encryptForServer(queryClient, password);
      await deleteAccount(cipher!);
      toastSuccess(catalogueText('account.deleted'));
      setOpen(false);
      onDeleted();
    });

  return (
    <Card title={t('account.delete.title')} className="profile-card danger-card">
      <Typography.Paragraph type="secondary">{t('account.delete.text')}</Typography.Paragraph>
      <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {t('account.delete.button')}
      </Button>
      <Modal
        open={open}
        title={t('account.delete.confirmTitle')}
        okText={t('account.delete.confirm')}
        okButtonProps={{ danger: true, loading: pending, htmlType: 'submit', form: 'delete-account' }}
        cancelText={t('common.actions.cancel')}
        onCancel={() => setOpen(false)}
        afterClose={() => {
          form.resetFields();
          clear();
        }}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('account.delete.warning')} className="form-alert" />
        <Form<{ password: string }>
          noValidate
          name="delete-account"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={confirm}
        >
          <Form.Item
            label={t('account.delete.password')}
            name="password"
            rules={[{ required: true, message: catalogueText('validation.required') }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        </Form>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Modal>
    </Card>
  );
}
