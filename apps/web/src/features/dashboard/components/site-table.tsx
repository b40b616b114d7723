import type { StationSummary } from '@ems/contract/api/station';
import { Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPercent } from '../../../shared/format/quantity';
import { formatRelative, toMillis } from '../../../shared/format/time';
import { CommStatus } from '../../../shared/ui/comm-status';
import { useTemplateNames } from '../api/get-templates';
import { useSiteFormatters } from '../lib/use-site-formatters';
import { SiteAlarmIcon } from './site-alarm-icon';

const byNumber = (get: (r: StationSummary) => number | null) => (a: StationSummary, b: StationSummary) =>
  (get(a) ?? Number.NEGATIVE_INFINITY) - (get(b) ?? Number.NEGATIVE_INFINITY);

/**
 * Site table of the dashboard (UX.md): communication and alarm icons, name, type, power now, today's
 * energy, SOC and last seen; each numeric column in one unit chosen from its largest value. Rows
 * arrive already searched and ordered (alarms first); headers sort.
 */
export function SiteTable({ rows, loading }: { rows: StationSummary[]; loading: boolean }) {
  const { t } = useTranslation();
  const { locale, now, fmtPower, fmtEnergy } = useSiteFormatters(rows);
  const hasSoc = rows.some((r) => r.soc !== null);
  const templates = useTemplateNames();

  const columns: TableColumnsType<StationSummary> = [
    {
      key: 'status',
      title: t('dashboard.table.status'),
      width: 96,
      render: (_, r) => (
        <span className="status-pair">
          <CommStatus online={r.online} />
          <SiteAlarmIcon level={r.worstAlarmLevel} />
        </span>
      ),
    },
    {
      key: 'name',
      title: t('dashboard.table.name'),
      sorter: (a, b) => a.stationName.localeCompare(b.stationName),
      render: (_, r) => (
        <div>
          <Link to={`/station?stationId=${r.stationId}`}>{r.stationName}</Link>
          <Typography.Text type="secondary" className="cell-sub">
            {r.address}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'type',
      title: t('dashboard.table.type'),
      render: (_, r) => templates.get(r.templateCode) ?? r.templateCode,
    },
    {
      key: 'power',
      title: t('dashboard.table.power'),
      align: 'right',
      sorter: byNumber((r) => r.powerW),
      render: (_, r) => <span className="num">{fmtPower(r.powerW)}</span>,
    },
    {
      key: 'today',
      title: t('dashboard.table.today'),
      align: 'right',
      sorter: byNumber((r) => r.todayKwh),
      render: (_, r) => <span className="num">{fmtEnergy(r.todayKwh)}</span>,
    },
    ...(hasSoc
      ? [
          {
            key: 'soc',
            title: t('dashboard.table.soc'),
            align: 'right' as const,
            sorter: byNumber((r: StationSummary) => r.soc),
            render: (_: unknown, r: StationSummary) => (
              <span className="num">{formatPercent(r.soc, locale)}</span>
            ),
          },
        ]
      : []),
    {
      key: 'lastSeen',
      title: t('dashboard.table.lastSeen'),
      sorter: byNumber((r) => toMillis(r.lastSeen)),
      render: (_, r) => formatRelative(r.lastSeen, now, locale, t('common.time.justNow')),
    },
  ];

  return (
    <Table<StationSummary>
      rowKey="stationId"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      rowClassName={(r) => (r.online ? '' : 'row-offline')}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
