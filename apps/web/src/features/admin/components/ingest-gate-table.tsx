import { GATE_PROTOCOLS, GATE_REASONS, type GateReason, type IngestStatus } from '@ems/contract/api/ingest';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';

type Row = { reason: GateReason } & Record<string, number | string>;

/**
 * The device gate's refusals (issue 31) by reason (rows) and protocol (columns: MQTT, OCPP, SunSpec
 * gateway), with each reason's total: the counters Prometheus reads as `ems_device_gate_refused_total`.
 */
export function IngestGateTable({ gate, locale }: { gate: IngestStatus['gateRefused']; locale: string }) {
  const { t } = useTranslation();
  const rows: Row[] = GATE_REASONS.map((reason) => {
    const row: Row = { reason };
    let total = 0;
    for (const protocol of GATE_PROTOCOLS) {
      const n = gate.find((g) => g.protocol === protocol && g.reason === reason)?.messages ?? 0;
      row[protocol] = n;
      total += n;
    }
    row.total = total;
    return row;
  });
  const count = (v: number) => v.toLocaleString(locale);
  return (
    <Table<Row>
      size="small"
      data-testid="ingest-gate"
      title={() => t('admin.ingest.gate.title')}
      rowKey="reason"
      pagination={false}
      dataSource={rows}
      scroll={{ x: true }}
      columns={[
        {
          key: 'reason',
          dataIndex: 'reason',
          title: t('admin.ingest.gate.reason'),
          render: (r: GateReason) => t(`admin.ingest.gate.reasons.${r}`),
        },
        ...[...GATE_PROTOCOLS, 'total' as const].map((key) => ({
          key,
          dataIndex: key,
          title: t(`admin.ingest.gate.protocols.${key}`),
          align: 'right' as const,
          onCell: (row: Row) => ({ 'data-testid': `ingest-gate-${key}-${row.reason}` }) as never,
          render: count,
        })),
      ]}
    />
  );
}
