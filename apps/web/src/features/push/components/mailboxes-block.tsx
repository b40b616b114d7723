/**
 * Receiving mailboxes (issue 20 §2, spec §2): the list (the account's own verified e-mail first), add an
 * address (a code is mailed to it), verify it with the code or have the code sent again, delete after a
 * confirmation; at most MAX_MAILBOXES.
 */

import { CheckCircleFilled, DeleteOutlined, ExclamationCircleFilled, MailOutlined } from '@ant-design/icons';
import { MAX_MAILBOXES, type Mailbox, MailboxAddSchema } from '@ems/contract/api/push';
import { validCodeField } from '@ems/contract/validation';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText, zodRule, zodValueRule } from '../../../shared/form/zod-rule';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { confirmDialog, toastSuccess } from '../../../shared/ui/feedback';
import { QueryError } from '../../../shared/ui/query-error';
import {
  addMailbox,
  deleteMailbox,
  refreshMailboxes,
  useMailboxes,
  verifyMailbox,
} from '../api/push-mailboxes';

/** The mailboxes block of the Push settings page. */
export function MailboxesBlock() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mailboxes = useMailboxes();
  const [form] = Form.useForm<{ email: string }>();
  const adding = useInlineAction('push.errors.save');
  const list = mailboxes.data ?? [];
  const full = list.length >= MAX_MAILBOXES;

  const add = (email: string) =>
    adding.run(
      async () => {
        const box = await addMailbox(email);
        toastSuccess(catalogueText('push.codeSent', { email: box.email }));
        form.resetFields();
        await refreshMailboxes(client);
      },
      { form, fields: ['email'] },
    );

  return (
    <Card title={t('push.mailboxes.title')} className="push-block" data-testid="push-mailboxes">
      <Typography.Paragraph type="secondary">
        {t('push.mailboxes.hint', { max: MAX_MAILBOXES })}
      </Typography.Paragraph>
      {mailboxes.isPending && <Skeleton active />}
      {mailboxes.isError && !mailboxes.data && <QueryError error={mailboxes.error} />}
      <div className="push-mailbox-list">
        {list.map((m) => (
          <MailboxRow key={m.id} mailbox={m} />
        ))}
      </div>
      {full ? (
        <Alert type="info" showIcon title={t('push.mailboxes.full', { max: MAX_MAILBOXES })} />
      ) : (
        <Form<{ email: string }>
          form={form}
          name="push-mailbox-add"
          layout="inline"
          className="push-mailbox-add"
          disabled={adding.pending}
          onFinish={(v) => add(v.email.trim())}
        >
          <Form.Item name="email" rules={[zodRule(MailboxAddSchema, 'email')]}>
            <Input
              type="email"
              autoComplete="email"
              prefix={<MailOutlined />}
              placeholder={t('push.mailboxes.address')}
              aria-label={t('push.mailboxes.address')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={adding.pending}>
            {t('push.mailboxes.add')}
          </Button>
        </Form>
      )}
      {adding.error && <Alert type="error" showIcon title={adding.error} role="alert" />}
    </Card>
  );
}

/** One mailbox: its address and state; an unverified one takes its code or has it sent again. */
function MailboxRow({ mailbox: m }: { mailbox: Mailbox }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ validCode: string }>();
  const action = useInlineAction('push.errors.save');

  const verify = (validCode: string) =>
    action.run(async () => {
      await verifyMailbox(m.id, validCode);
      toastSuccess(catalogueText('common.ok'));
      await refreshMailboxes(client);
    });
  const resend = () =>
    action.run(async () => {
      await addMailbox(m.email);
      toastSuccess(catalogueText('push.codeSent', { email: m.email }));
    });
  const askDelete = () =>
    confirmDialog({
      title: t('push.mailboxes.deleteTitle'),
      content: t('push.mailboxes.deleteText', { email: m.email }),
      okText: t('push.mailboxes.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await deleteMailbox(m.id);
          toastSuccess(catalogueText('common.ok'));
        } catch (e) {
          // A refusal is the caller's to show (spec §8); a transport error the client showed already.
          toastUnlessShown(e, t('common.errors.generic'));
        } finally {
          await refreshMailboxes(client);
        }
      },
    });

  return (
    <div className="push-mailbox" data-testid={`push-mailbox-${m.email}`}>
      <Space wrap size={[8, 4]} className="push-mailbox-head">
        <Typography.Text strong>{m.email}</Typography.Text>
        {m.own && <Tag>{t('push.mailboxes.own')}</Tag>}
        {m.verified ? (
          <Tag color="success" icon={<CheckCircleFilled />}>
            {t('push.mailboxes.verified')}
          </Tag>
        ) : (
          <Tag color="warning" icon={<ExclamationCircleFilled />}>
            {t('push.mailboxes.unverified')}
          </Tag>
        )}
        {!m.own && (
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={askDelete}
            aria-label={t('push.mailboxes.deleteOne', { email: m.email })}
          />
        )}
      </Space>
      {!m.verified && (
        <Form<{ validCode: string }>
          form={form}
          name={`push-mailbox-code-${m.id}`}
          layout="inline"
          disabled={action.pending}
          onFinish={(v) => verify(v.validCode.trim())}
        >
          <Form.Item name="validCode" rules={[zodValueRule(validCodeField)]}>
            <Input
              maxLength={6}
              autoComplete="one-time-code"
              spellCheck={false}
              autoCapitalize="off"
              className="push-code-input"
              placeholder={t('push.mailboxes.code')}
              aria-label={t('push.mailboxes.codeFor', { email: m.email })}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={action.pending}>
            {t('push.mailboxes.verify')}
          </Button>
          <Button onClick={resend}>{t('push.mailboxes.resend')}</Button>
        </Form>
      )}
      {action.error && <Alert type="error" showIcon title={action.error} role="alert" />}
    </div>
  );
}
