import type { ShareViewer } from '@ems/contract/api/social';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { emptyOrError } from '../../../shared/ui/query-error';
import { stopSharing, useSiteShares } from '../api/social-api';
import { runAction } from './run-action';
import { StateTag } from './state-tag';

/**
 * The station page's sharing card (issue 35 item 5): the friends site `stationId` is shared with, read
 * through station/share/list (spec §7), each with its state and a stop button (confirmed first). Owners only (the server
 * refuses the list to a viewer).
 */
export function SiteSharesCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const shares = useSiteShares(stationId);
  const clock = useSiteClock();
  const columns: TableColumnsType<ShareViewer> = [
    { title: t('social.shares.friend'), dataIndex: 'friendName' },
    { title: t('social.requests.state'), dataIndex: 'state', render: (v: string) => <StateTag state={v} /> },
    {
      title: t('social.shares.since'),
      dataIndex: 'sharedAt',
      // Phones: the date gives way so that Stop sharing fits (the walk at 390 px cut it off).
      responsive: ['sm'],
      render: (v: string) => clock.date(v),
    },
    {
      title: t('social.actions'),
      key: 'a',
      render: (_v, s) => (
        // Stopping takes the site from the friend at once: asked first (issue 34, the walk).
        <Popconfirm
          title={t('social.shares.stopTitle', { name: s.friendName })}
          description={t('social.shares.stopText', { name: s.friendName })}
          okText={t('social.shares.stop')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.actions.cancel')}
          onConfirm={() => runAction(client, () => stopSharing(stationId, s.friendId), 'social.shareStopped')}
        >
          <Button size="small" danger>
            {t('social.shares.stop')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card title={t('social.shares.siteTitle')} className="site-shares-card">
      <Table<ShareViewer>
        rowKey="friendId"
        size="small"
        loading={shares.isPending}
        dataSource={shares.data ?? []}
        columns={columns}
        locale={{ emptyText: emptyOrError(shares, t('social.shares.notShared')) }}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
