import { UploadOutlined } from '@ant-design/icons';
import type { InventoryRow } from '@ems/contract/api/admin';
import { Button, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MISSING } from '../../../shared/format/quantity';
import { formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { emptyOrError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useInventory } from '../api/inventory';
import { usePaging } from '../lib/use-paging';
import { AdminSearch } from './admin-search';
import { InventoryImportModal } from './inventory-import-modal';

type StateFilter = 'all' | 'stock' | 'site';

/**
 * The device inventory (issue 24 item 9, docs/fleet.md "Inventory"): every device with its serial
 * numbers, type and model, and where it is, in stock or on which site (and whose); search by serial
 * number, narrow to stock or sites, and import a manufacturer's CSV (secrets offered once).
 */
export function InventoryTab() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const paging = usePaging();
  const [state, setState] = useState<StateFilter>('all');
  const [importing, setImporting] = useState(false);
  const inventory = useInventory(paging.params, state === 'all' ? undefined : state);
  const locale = currentLanguageCode();
  const columns: TableColumnsType<InventoryRow> = [
    {
      title: t('admin.inventory.serialNumber'),
      dataIndex: 'serialNumber',
      render: (sn: string, row) => (
        <span>
          <span className="num">{sn}</span>
          <span className="cell-sub">{row.commSerialNumber ?? MISSING}</span>
        </span>
      ),
    },
    {
      title: t('admin.inventory.type'),
      dataIndex: 'type',
      responsive: ['sm'],
      render: (type: string, row) => (
        <span>
          {t(`fleet.device.types.${type}`, { defaultValue: type })}
          {row.model && <span className="cell-sub">{row.model}</span>}
        </span>
      ),
    },
    {
      title: t('admin.inventory.state'),
      dataIndex: 'state',
      render: (s: InventoryRow['state'], row) =>
        s === 'stock' ? (
          <Tag color="blue">{t('admin.inventory.inStock')}</Tag>
        ) : (
          <span>
            <Tag color="green">{t('admin.inventory.onSite')}</Tag>
            <Link to={`/station?stationId=${row.stationId}`}>{row.stationName}</Link>
            <span className="cell-sub">{row.ownerName}</span>
          </span>
        ),
    },
    {
      title: t('admin.inventory.manufacturer'),
      dataIndex: 'manufacturer',
      responsive: ['lg'],
      render: (v) => v ?? MISSING,
    },
    {
      title: t('admin.inventory.created'),
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (v: string) => <span className="num">{formatDateTime(v, locale)}</span>,
    },
  ];
  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <AdminSearch label={t('admin.inventory.search')} value={paging.text} onSearch={paging.search} />
        <Segmented<StateFilter>
          value={state}
          onChange={(v) => {
            setState(v);
            paging.search(paging.text);
          }}
          options={(['all', 'stock', 'site'] as const).map((v) => ({
            value: v,
            label: t(`admin.inventory.filter.${v}`),
          }))}
        />
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('admin.inventory.import')}
        </Button>
      </div>
      <Typography.Text type="secondary">{t('admin.inventory.hint')}</Typography.Text>
      <Table<InventoryRow>
        rowKey="id"
        size="middle"
        loading={inventory.isPending}
        locale={{ emptyText: emptyOrError(inventory) }}
        columns={columns}
        dataSource={inventory.data?.rows ?? []}
        pagination={paging.pagination(inventory.data?.total ?? 0)}
        tableLayout={isMobile ? 'fixed' : undefined}
      />
      <InventoryImportModal open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
