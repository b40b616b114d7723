/**
 * The site's id tags (docs/ocpp.md "Id tags"): who may charge. The owner lists them, adds one (tag and
 * an optional name, checked with the contract's rules) and deletes one after a confirmation.
 */

import { DeleteOutlined } from '@ant-design/icons';
import { IdTagAddBodySchema, type IdTagRow } from '@ems/contract/api/ocpp';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { zodRule } from '../../../shared/form/zod-rule';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { QueryError } from '../../../shared/ui/query-error';
import { addIdTag, chargerKeys, deleteIdTag, useIdTags } from '../api/charger-api';

interface TagValues {
  idTag: string;
  name?: string;
}

/** The id tags of site `stationId` (the owner's only). */
export function IdTagsSection({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const clock = useSiteClock();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const tags = useIdTags(stationId, true);
  const [form] = Form.useForm<TagValues>();
  const action = useInlineAction('ocpp.errors.generic');
  const store = (rows: IdTagRow[]) => client.setQueryData(chargerKeys.idTags(stationId), rows);
  const add = (values: TagValues) =>
    action.run(
      async () => {
        const name = values.name?.trim();
        store(await addIdTag({ stationId, idTag: values.idTag.trim(), ...(name ? { name } : {}) }));
        form.resetFields();
      },
      { form, fields: ['idTag', 'name'] },
    );
  const remove = (row: IdTagRow) =>
    modal.confirm({
      title: t('ocpp.idTags.deleteTitle', { idTag: row.idTag }),
      content: t('ocpp.idTags.deleteText'),
      okText: t('ocpp.idTags.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          store(await deleteIdTag(stationId, row.idTag));
        } catch (e) {
          toastUnlessShown(e, t('ocpp.errors.generic'));
        }
      },
    });
  const columns: TableColumnsType<IdTagRow> = [
    {
      key: 'tag',
      title: t('ocpp.idTags.idTag'),
      render: (_, r) => <Typography.Text code>{r.idTag}</Typography.Text>,
    },
    { key: 'name', title: t('ocpp.idTags.name'), render: (_, r) => r.name ?? '–' },
    { key: 'added', title: t('ocpp.idTags.added'), render: (_, r) => clock.dateTime(r.createdAt) },
    {
      key: 'delete',
      title: '',
      width: 56,
      render: (_, r) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('ocpp.idTags.deleteOne', { idTag: r.idTag })}
          onClick={() => remove(r)}
        />
      ),
    },
  ];
  return (
    <section className="ocpp-section" aria-labelledby={`ocpp-idtags-${stationId}`}>
      <Typography.Title level={5} id={`ocpp-idtags-${stationId}`}>
        {t('ocpp.idTags.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('ocpp.idTags.text')}</Typography.Paragraph>
      <Form<TagValues>
        name="ocpp-id-tags"
        form={form}
        layout="inline"
        onFinish={add}
        className="ocpp-inline-form"
      >
        <Form.Item name="idTag" rules={[zodRule(IdTagAddBodySchema, 'idTag', { stationId })]}>
          <Input placeholder={t('ocpp.idTags.idTag')} aria-label={t('ocpp.idTags.idTag')} maxLength={20} />
        </Form.Item>
        <Form.Item name="name" rules={[zodRule(IdTagAddBodySchema, 'name', { stationId })]}>
          <Input placeholder={t('ocpp.idTags.name')} aria-label={t('ocpp.idTags.name')} maxLength={50} />
        </Form.Item>
        <Button htmlType="submit" loading={action.pending}>
          {t('ocpp.idTags.add')}
        </Button>
      </Form>
      {action.error && <Alert type="error" showIcon title={action.error} />}
      {tags.isError && !tags.data ? (
        <QueryError error={tags.error} />
      ) : (
        <Table<IdTagRow>
          rowKey="idTag"
          size="small"
          columns={columns}
          dataSource={tags.data ?? []}
          loading={tags.isPending}
          locale={{ emptyText: t('ocpp.idTags.empty') }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 480 }}
          data-testid="id-tags"
        />
      )}
    </section>
  );
}
