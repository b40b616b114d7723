import type { Friend, FriendRequest, SharedSite, ShareGiven } from '@ems/contract/api/social';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Table, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { emptyOrError } from '../../../shared/ui/query-error';
import { useGroupTree } from '../../fleet/api/fleet-api';
import {
  askFriend,
  deleteFriend,
  leaveShare,
  shareSite,
  stopSharing,
  useFriendRequests,
  useFriends,
  useSharesGiven,
  useSharesReceived,
  withdrawFriendRequest,
} from '../api/social-api';
import { AttachmentsTab } from '../components/attachments-tab';
import { runAction } from '../components/run-action';
import { StateTag } from '../components/state-tag';

/**
 * Social management (spec §2 hint, issue 10 §5): friends and requests sent and received with their states,
 * sites I share and with whom, sites shared with me, attachments asked and received.
 */
export function SocialPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('social.title')} className="social-page">
      <Tabs
        items={[
          { key: 'friends', label: t('social.tabs.friends'), children: <FriendsTab /> },
          { key: 'sharing', label: t('social.tabs.sharing'), children: <SharingTab /> },
          { key: 'attachments', label: t('social.tabs.attachments'), children: <AttachmentsTab /> },
        ]}
      />
    </Card>
  );
}

function FriendsTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ friendName: string }>();
  const friends = useFriends();
  const requests = useFriendRequests();
  const friendColumns: TableColumnsType<Friend> = [
    { title: t('social.friends.name'), dataIndex: 'friendName' },
    {
      title: t('social.friends.since'),
      dataIndex: 'since',
      render: (v: string) => formatDate(v, currentLanguageCode()),
    },
    { title: t('social.friends.sharedByMe'), dataIndex: 'sharedByMe' },
    { title: t('social.friends.sharedWithMe'), dataIndex: 'sharedWithMe' },
    {
      title: t('social.actions'),
      key: 'a',
      render: (_v, f) => (
        <Button
          size="small"
          danger
          onClick={() => runAction(client, () => deleteFriend(f.friendId), 'social.friendDeleted')}
        >
          {t('social.friends.delete')}
        </Button>
      ),
    },
  ];
  const requestColumns: TableColumnsType<FriendRequest> = [
    { title: t('social.requests.userName'), dataIndex: 'userName' },
    {
      title: t('social.requests.direction'),
      dataIndex: 'direction',
      render: (v: string) => t(`social.direction.${v}`),
    },
    {
      title: t('social.requests.requestTime'),
      dataIndex: 'requestTime',
      render: (v: string) => formatDateTime(v, currentLanguageCode()),
    },
    { title: t('social.requests.state'), dataIndex: 'state', render: (v: string) => <StateTag state={v} /> },
    {
      title: t('social.actions'),
      key: 'a',
      render: (_v, r) =>
        r.direction === 'sent' &&
        r.status === 1 && (
          <Button
            size="small"
            onClick={() => runAction(client, () => withdrawFriendRequest(r.userName), 'social.cancelled')}
          >
            {t('social.requests.withdraw')}
          </Button>
        ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Form
        noValidate
        form={form}
        layout="inline"
        onFinish={(v) =>
          runAction(client, () => askFriend(v.friendName.trim()), 'social.friendAsked').then(
            (ok) => ok && form.resetFields(),
          )
        }
      >
        <Form.Item
          name="friendName"
          label={t('social.friends.ask')}
          rules={[{ required: true, min: 2, max: 50 }]}
        >
          <Input placeholder={t('social.friends.loginName')} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('social.friends.send')}
        </Button>
      </Form>
      <Table<Friend>
        rowKey="friendId"
        size="small"
        loading={friends.isPending}
        locale={{ emptyText: emptyOrError(friends) }}
        dataSource={friends.data ?? []}
        columns={friendColumns}
        pagination={false}
      />
      <Table<FriendRequest>
        rowKey={(r) => `${r.direction}-${r.userId}-${r.requestTime}`}
        size="small"
        title={() => t('social.requests.history')}
        loading={requests.isPending}
        locale={{ emptyText: emptyOrError(requests) }}
        dataSource={requests.data ?? []}
        columns={requestColumns}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
      />
    </Space>
  );
}

function SharingTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const given = useSharesGiven();
  const received = useSharesReceived('all');
  const friends = useFriends().data ?? [];
  const ownSites = (useGroupTree().data ?? []).flatMap((g) => g.subStations).filter((s) => s.owned);
  const [site, setSite] = useState<number>();
  const [friend, setFriend] = useState<number>();
  const givenColumns: TableColumnsType<ShareGiven> = [
    { title: t('social.shares.stationName'), dataIndex: 'stationName' },
    { title: t('social.shares.friend'), dataIndex: 'friendName' },
    { title: t('social.requests.state'), dataIndex: 'state', render: (v: string) => <StateTag state={v} /> },
    {
      title: t('social.actions'),
      key: 'a',
      render: (_v, s) => (
        <Button
          size="small"
          danger
          onClick={() => runAction(client, () => stopSharing(s.stationId, s.friendId), 'social.shareStopped')}
        >
          {t('social.shares.stop')}
        </Button>
      ),
    },
  ];
  const receivedColumns: TableColumnsType<SharedSite> = [
    { title: t('social.shares.stationName'), dataIndex: 'stationName' },
    { title: t('social.shares.owner'), dataIndex: 'userName' },
    { title: t('social.requests.state'), dataIndex: 'state', render: (v: string) => <StateTag state={v} /> },
    {
      title: t('social.actions'),
      key: 'a',
      render: (_v, s) =>
        s.status === 2 && (
          <Button
            size="small"
            onClick={() => runAction(client, () => leaveShare(s.stationId), 'social.shareStopped')}
          >
            {t('social.shares.leave')}
          </Button>
        ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Space wrap>
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('social.shares.pickSite')}
          aria-label={t('social.shares.pickSite')}
          value={site}
          onChange={setSite}
          options={ownSites.map((s) => ({ value: s.stationId, label: s.stationName }))}
        />
        <Select
          style={{ minWidth: 160 }}
          placeholder={t('social.shares.pickFriend')}
          aria-label={t('social.shares.pickFriend')}
          value={friend}
          onChange={setFriend}
          options={friends.map((f) => ({ value: f.friendId, label: f.friendName }))}
        />
        <Button
          type="primary"
          disabled={site === undefined || friend === undefined}
          onClick={() =>
            site !== undefined &&
            friend !== undefined &&
            runAction(client, () => shareSite(site, friend), 'social.shared')
          }
        >
          {t('social.shares.share')}
        </Button>
      </Space>
      <Table<ShareGiven>
        rowKey={(s) => `${s.stationId}-${s.friendId}`}
        size="small"
        title={() => t('social.shares.given')}
        loading={given.isPending}
        locale={{ emptyText: emptyOrError(given) }}
        dataSource={given.data ?? []}
        columns={givenColumns}
        pagination={false}
      />
      <Table<SharedSite>
        rowKey="stationId"
        size="small"
        title={() => t('social.shares.received')}
        loading={received.isPending}
        locale={{ emptyText: emptyOrError(received) }}
        dataSource={received.data ?? []}
        columns={receivedColumns}
        pagination={false}
      />
    </Space>
  );
}
