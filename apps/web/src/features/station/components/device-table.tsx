import { Card, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { energyFormatter, powerFormatter } from '../../../shared/format/quantity';
import { formatRelative } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import type { DeviceRow } from '../lib/device-rows';
import { DeviceStatus } from './device-status';

/**
 * The site's devices (UX.md "Station, live"): name, type, status with "offline since …", power, today's
 * energy and last update. Faults come first; offline rows are greyed. Below 992 px, one card each.
 */
export function DeviceTable(props: {
  rows: DeviceRow[];
  now: number;
  mobile: boolean;
  focusId: number | null;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const fmtPower = powerFormatter(
    props.rows.map((r) => r.powerW),
    locale,
  );
  const fmtEnergy = energyFormatter(
    props.rows.map((r) => r.todayKwh),
    locale,
  );
  const updated = (r: DeviceRow) => formatRelative(r.lastUpdate, props.now, locale, t('common.time.justNow'));
  const rowClass = (r: DeviceRow) =>
    [r.online ? '' : 'row-offline', r.deviceId === props.focusId ? 'row-focus' : ''].join(' ').trim();

  if (props.mobile) {
    return (
      <div className="site-cards">
        {props.rows.map((r) => (
          <Card key={r.deviceId} size="small" className={`site-card ${rowClass(r)}`}>
            <div className="site-card-head">
              <strong>{r.name}</strong>
              <DeviceStatus row={r} now={props.now} />
            </div>
            <dl className="site-card-values">
              <div>
                <dt>{t('station.devices.type')}</dt>
                <dd>{t(`station.deviceType.${r.type}`)}</dd>
              </div>
              <div>
                <dt>{t('station.devices.power')}</dt>
                <dd>{fmtPower(r.powerW)}</dd>
              </div>
              <div>
                <dt>{t('station.devices.today')}</dt>
                <dd>{fmtEnergy(r.todayKwh)}</dd>
              </div>
              <div>
                <dt>{t('station.devices.lastUpdate')}</dt>
                <dd>{updated(r)}</dd>
              </div>
            </dl>
          </Card>
        ))}
      </div>
    );
  }

  const columns: TableColumnsType<DeviceRow> = [
    {
      key: 'name',
      title: t('station.devices.name'),
      render: (_, r) => (
        <div>
          {r.name}
          {r.model && (
            <Typography.Text type="secondary" className="cell-sub">
              {r.model}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { key: 'type', title: t('station.devices.type'), render: (_, r) => t(`station.deviceType.${r.type}`) },
    {
      key: 'status',
      title: t('station.devices.status'),
      render: (_, r) => <DeviceStatus row={r} now={props.now} />,
    },
    {
      key: 'power',
      title: t('station.devices.power'),
      align: 'right',
      render: (_, r) => <span className="num">{fmtPower(r.powerW)}</span>,
    },
    {
      key: 'today',
      title: t('station.devices.today'),
      align: 'right',
      render: (_, r) => <span className="num">{fmtEnergy(r.todayKwh)}</span>,
    },
    { key: 'updated', title: t('station.devices.lastUpdate'), render: (_, r) => updated(r) },
  ];
  return (
    <Table<DeviceRow>
      rowKey="deviceId"
      size="middle"
      columns={columns}
      dataSource={props.rows}
      pagination={false}
      rowClassName={rowClass}
      scroll={{ x: 700 }}
    />
  );
}
