import type { ShareViewer } from '@ems/contract/api/social';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { stopSharing, useSiteShares } from '../api/social-api';
import { runAction } from './run-action';
import { StateTag } from './state-tag';

/**
 * The station page's sharing card (issue 35 item 5): the friends site `stationId` is shared with, read
 * through station/share/list (spec §7), each with its state and a stop button. Owners only (the server
 * refuses the list to a viewer).
 */
export function SiteSharesCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const shares = useSiteShares(stationId);
  const locale = currentLanguageCode();
  const columns: TableColumnsType<ShareViewer> = [
    { title: t('social.shares.friend'), dataIndex: 'friendName' },
    { title: t('social.requests.state'), dataIndex: 'state', render: (v: string) => <StateTag state={v} /> },
    { title: t('social.shares.since'), dataIndex: 'sharedAt', render: (v: string) => formatDate(v, locale) },
    {
      title: t('social.actions'),
      key: 'a',
      render: (_v, s) => (
        <Button
          size="small"
          danger
          onClick={() => runAction(client, () => stopSharing(stationId, s.friendId), 'social.shareStopped')}
        >
          {t('social.shares.stop')}
        </Button>
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
        locale={{ emptyText: t('social.shares.notShared') }}
        pagination={false}
      />
    </Card>
  );
}
