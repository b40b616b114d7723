import { UserAddOutlined } from '@ant-design/icons';
import type { FriendRequest } from '@ems/contract/api/social';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { BadgeButton } from '../../../shared/ui/badge-button';
import { QueryError } from '../../../shared/ui/query-error';
import { useBadgeCounts } from '../api/badge-counts';
import { answerFriend, useFriendRequests } from '../api/social-api';
import { runAction } from './run-action';

/**
 * Top-bar friend-request badge (spec §2): the count of requests waiting for the caller; its dialog lists
 * userName and requestTime with refuse and agree, and the list reloads after each.
 */
export function FriendBadge() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = useBadgeCounts().data?.friendRequests ?? 0;
  return (
    <>
      <BadgeButton
        icon={<UserAddOutlined />}
        count={count}
        label={t('social.badge.friends', { count })}
        onClick={() => setOpen(true)}
      />
      <Modal
        open={open}
        title={t('social.requests.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <FriendRequestList />
      </Modal>
    </>
  );
}

function FriendRequestList() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending, isError, error } = useFriendRequests();
  const rows = (data ?? []).filter((r) => r.direction === 'received' && r.status === 1);
  // A received request always names its asker (userId is null only on the caller's own pending asks).
  const answer = ({ userId }: FriendRequest, agree: boolean) =>
    userId !== null &&
    runAction(client, () => answerFriend(userId, agree), agree ? 'social.accepted' : 'social.refused');
  const columns: TableColumnsType<FriendRequest> = [
    { title: t('social.requests.userName'), dataIndex: 'userName' },
    {
      title: t('social.requests.requestTime'),
      dataIndex: 'requestTime',
      render: (v: string) => formatDateTime(v, currentLanguageCode()),
    },
    {
      title: t('social.actions'),
      key: 'actions',
      render: (_v, r) => (
        <Space>
          <Button size="small" onClick={() => answer(r, false)}>
            {t('social.refuse')}
          </Button>
          <Button size="small" type="primary" onClick={() => answer(r, true)}>
            {t('social.agree')}
          </Button>
        </Space>
      ),
    },
  ];
  if (isError && !data) return <QueryError error={error} />;
  if (!isPending && rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('social.requests.none')} />;
  }
  return (
    <Table<FriendRequest>
      rowKey="userId"
      size="small"
      pagination={false}
      loading={isPending}
      dataSource={rows}
      columns={columns}
    />
  );
}
