import type { IngestStatus } from '@ems/contract/api/ingest';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type Node = IngestStatus['nodes'][number];

/**
 * Each server process's share of the ingest (issue 23: several processes behind a proxy; the cards
 * above are their sum). Shown only when more than one process reports.
 */
export function IngestNodesTable({ nodes, locale }: { nodes: Node[]; locale: string }) {
  const { t } = useTranslation();
  if (nodes.length < 2) return null;
  const count = (v: number) => v.toLocaleString(locale);
  return (
    <Table<Node>
      size="small"
      data-testid="ingest-nodes"
      title={() => t('admin.ingest.nodes.title', { n: nodes.length })}
      rowKey="name"
      pagination={false}
      dataSource={nodes}
      scroll={{ x: true }}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('admin.ingest.nodes.name') },
        {
          key: 'link',
          dataIndex: 'linkUp',
          title: t('admin.ingest.link'),
          render: (up: boolean) => (
            <Tag color={up ? 'success' : 'error'}>{t(up ? 'admin.ingest.up' : 'admin.ingest.down')}</Tag>
          ),
        },
        ...(['messagesReceived', 'samplesStored', 'duplicatesIgnored', 'queueDepth'] as const).map((key) => ({
          key,
          dataIndex: key,
          title: t(`admin.ingest.counts.${key}`),
          align: 'right' as const,
          render: count,
        })),
      ]}
    />
  );
}
