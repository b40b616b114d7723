import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type AdminDictionaryItemSchema, DictionaryEditBodySchema } from '@ems/contract/api/admin';
import { DICTIONARY_KEYS } from '@ems/contract/api/dictionary';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRule } from '../../../shared/form/zod-rule';
import { clearReferenceData } from '../../../shared/http/reference-data';
import { FormModal } from '../../../shared/ui/form-modal';
import { emptyOrError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { deleteDictionary } from '../api/delete-dictionary';
import { type DictionaryInput, editDictionary } from '../api/edit-dictionary';
import { useDictionaries } from '../api/get-dictionaries';
import { useAdminEditor } from '../lib/use-admin-editor';
import { usePaging } from '../lib/use-paging';
import { AdminSearch } from './admin-search';

type Item = z.infer<typeof AdminDictionaryItemSchema>;
type DictType = (typeof DICTIONARY_KEYS)[number];
const FIELDS = ['dictType', 'dictLabel', 'dictValue', 'sort'] as const;
const rule = (field: (typeof FIELDS)[number]) => zodRule(DictionaryEditBodySchema, field);

/** Dictionaries (sys_timezone, sys_currencysymbol): filter by type, add, edit, delete after a confirm. */
export function DictionariesTab() {
  const { t } = useTranslation();
  // Phones: fewer columns (responsive) fitted to the screen instead of a sideways scroll.
  const isMobile = useIsMobile();
  const paging = usePaging();
  const [dictType, setDictType] = useState<DictType | undefined>(undefined);
  const items = useDictionaries({ ...paging.params, dictType });
  const { editing, open, submit, remove, form, modalProps } = useAdminEditor<Item, DictionaryInput>({
    queryKey: ['admin', 'dictionaries'],
    fields: FIELDS,
    initial: (item) => ({ dictType: dictType ?? 'sys_timezone', sort: 0, ...item }) as DictionaryInput,
  });
  // The administrator's own session answers dictionaries from session storage (spec §3): drop them.
  const save = (values: DictionaryInput) =>
    submit(async () => {
      await editDictionary({ ...values, id: editing?.id });
      clearReferenceData('dictionary');
    });

  const columns: TableColumnsType<Item> = [
    {
      title: t('admin.dictionaries.type'),
      dataIndex: 'dictType',
      responsive: ['sm'],
      render: (v: string) => <Tag>{v}</Tag>,
    },
    {
      title: t('admin.dictionaries.label'),
      dataIndex: 'dictLabel',
      render: (label: string, item) => (
        <span>
          {label}
          <span className="cell-sub xs-only">{item.dictType}</span>
        </span>
      ),
    },
    { title: t('admin.dictionaries.value'), dataIndex: 'dictValue' },
    { title: t('admin.dictionaries.sort'), dataIndex: 'sort', align: 'right', width: 80, responsive: ['md'] },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 120,
      render: (_v, item) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('admin.edit')}
            title={t('admin.edit')}
            onClick={() => open(item)}
          />
          <Popconfirm
            title={t('admin.dictionaries.deleteTitle')}
            description={t('admin.dictionaries.deleteText', { label: item.dictLabel })}
            okText={t('admin.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.actions.cancel')}
            onConfirm={() =>
              remove(async () => {
                await deleteDictionary(item.id);
                clearReferenceData('dictionary');
              })
            }
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('admin.delete')}
              title={t('admin.delete')}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <Select<DictType | 'all'>
          value={dictType ?? 'all'}
          className="admin-type-select"
          aria-label={t('admin.dictionaries.type')}
          options={[
            { value: 'all', label: t('admin.dictionaries.allTypes') },
            ...DICTIONARY_KEYS.map((k) => ({ value: k, label: k })),
          ]}
          onChange={(v) => {
            setDictType(v === 'all' ? undefined : v);
            paging.search(paging.text);
          }}
        />
        <AdminSearch label={t('admin.dictionaries.search')} value={paging.text} onSearch={paging.search} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open({})}>
          {t('admin.dictionaries.add')}
        </Button>
      </div>
      <Table<Item>
        rowKey="id"
        size="middle"
        loading={items.isPending}
        locale={{ emptyText: emptyOrError(items) }}
        columns={columns}
        dataSource={items.data?.rows ?? []}
        pagination={paging.pagination(items.data?.total ?? 0)}
        scroll={isMobile ? undefined : { x: 640 }}
        tableLayout={isMobile ? 'fixed' : undefined}
      />
      <FormModal
        {...modalProps}
        title={editing?.id ? t('admin.dictionaries.editTitle') : t('admin.dictionaries.addTitle')}
        okText={t('admin.save')}
      >
        <Form<DictionaryInput>
          noValidate
          name="dictionary-edit"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={save}
        >
          <Form.Item label={t('admin.dictionaries.type')} name="dictType" rules={[rule('dictType')]}>
            <Select options={DICTIONARY_KEYS.map((k) => ({ value: k, label: k }))} />
          </Form.Item>
          <Form.Item label={t('admin.dictionaries.label')} name="dictLabel" rules={[rule('dictLabel')]}>
            <Input />
          </Form.Item>
          <Form.Item label={t('admin.dictionaries.value')} name="dictValue" rules={[rule('dictValue')]}>
            <Input />
          </Form.Item>
          <Form.Item label={t('admin.dictionaries.sort')} name="sort" rules={[rule('sort')]}>
            <InputNumber min={0} max={100000} precision={0} className="full-width" />
          </Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}
