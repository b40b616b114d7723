import { DeleteOutlined, EditOutlined, SwapOutlined } from '@ant-design/icons';
import type { DeviceInfo } from '@ems/contract/api/station';
import { Button, Card, Space, Table, type TableColumnsType, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';

/** What the owner may do to a device of the list. */
export interface DeviceActions {
  onRename(d: DeviceInfo): void;
  onMove(d: DeviceInfo): void;
  onRemove(d: DeviceInfo): void;
}

/**
 * The devices of a site for its owner (issue 7 §3): name, serial and communication serial numbers, type,
 * model, versions, online or offline with last seen, and rename, move and remove. A table from 992 px;
 * below, one card per device with its actions under its values, so no action is cut off (issue 24
 * item 10).
 */
export function DeviceList(
  props: {
    devices: DeviceInfo[];
    loading: boolean;
    /** What the list shows without devices (default antd's "no data"): the load error when it failed. */
    empty?: ReactNode;
  } & DeviceActions,
) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const clock = useSiteClock();
  const status = (d: DeviceInfo) =>
    d.online ? (
      <Tag color="green">{t('fleet.device.online')}</Tag>
    ) : (
      <span>
        <Tag>{t('fleet.device.offline')}</Tag>
        {d.lastSeen ? clock.dateTime(d.lastSeen) : t('fleet.device.never')}
      </span>
    );
  const actions = (d: DeviceInfo) => (
    <Space size={0}>
      <Button
        size="small"
        type="text"
        icon={<EditOutlined />}
        aria-label={t('fleet.device.renameNamed', { name: d.name })}
        title={t('fleet.device.rename')}
        onClick={() => props.onRename(d)}
      />
      <Button
        size="small"
        type="text"
        icon={<SwapOutlined />}
        aria-label={t('fleet.device.moveNamed', { name: d.name })}
        title={t('fleet.device.move')}
        onClick={() => props.onMove(d)}
      />
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('fleet.device.removeNamed', { name: d.name })}
        title={t('fleet.device.remove')}
        onClick={() => props.onRemove(d)}
      />
    </Space>
  );
  const type = (d: DeviceInfo) => t(`fleet.device.types.${d.type}`);
  const versions = (d: DeviceInfo) => `${d.softwareVersion ?? '–'} / ${d.hardwareVersion ?? '–'}`;

  if (mobile) {
    const value = (label: string, text: ReactNode) => (
      <div>
        <dt>{label}</dt>
        <dd>{text}</dd>
      </div>
    );
    return (
      <div className="site-cards">
        {props.devices.length === 0 && !props.loading && props.empty}
        {props.devices.map((d) => (
          <Card key={d.deviceId} size="small" className="site-card device-card" data-row-key={d.deviceId}>
            <div className="site-card-head">
              <span className="site-card-name">{d.name}</span>
              {status(d)}
            </div>
            <dl className="site-card-values">
              {value(t('fleet.device.type'), type(d))}
              {value(t('fleet.device.model'), d.model ?? '–')}
              {value(t('fleet.device.serialNumber'), d.serialNumber)}
              {value(t('fleet.device.commSerialNumber'), d.commSerialNumber)}
              {value(t('fleet.device.versions'), versions(d))}
            </dl>
            <div className="device-card-actions">{actions(d)}</div>
          </Card>
        ))}
      </div>
    );
  }

  const columns: TableColumnsType<DeviceInfo> = [
    { title: t('fleet.device.name'), dataIndex: 'name' },
    { title: t('fleet.device.serialNumber'), dataIndex: 'serialNumber' },
    { title: t('fleet.device.commSerialNumber'), dataIndex: 'commSerialNumber', responsive: ['xl'] },
    { title: t('fleet.device.type'), key: 'type', render: (_v, d) => type(d) },
    { title: t('fleet.device.model'), dataIndex: 'model', responsive: ['xl'], render: (v) => v ?? '–' },
    {
      title: t('fleet.device.versions'),
      key: 'versions',
      responsive: ['xl'],
      render: (_v, d) => versions(d),
    },
    { title: t('fleet.device.status'), key: 'status', render: (_v, d) => status(d) },
    { title: t('fleet.actions'), key: 'actions', width: 120, render: (_v, d) => actions(d) },
  ];
  return (
    <Table<DeviceInfo>
      rowKey="deviceId"
      size="small"
      pagination={false}
      loading={props.loading}
      dataSource={props.devices}
      locale={{ emptyText: props.empty }}
      columns={columns}
    />
  );
}
