import type { Attachment, Friend, FriendRequest, SharedSite, ShareGiven } from '@ems/contract/api/social';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { useGroupTree } from '../../fleet/api/fleet-api';
import {
  askFriend,
  attach,
  deleteFriend,
  leaveShare,
  shareSite,
  stopSharing,
  useAttachments,
  useFriendRequests,
  useFriends,
  useSharesGiven,
  useSharesReceived,
} from '../api/social-api';
import { AttachMoveButton } from '../components/attach-move';
import { runAction } from '../components/run-action';
import { SuperiorTotals } from '../components/superior-totals';

/** Colour of a request state tag. */
const STATE_COLOR: Record<string, string> = {
  sent: 'blue',
  pending: 'gold',
  accepted: 'green',
  refused: 'red',
  voided: 'default',
};

function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state]}>{t(`social.state.${state}`)}</Tag>;
}

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
        dataSource={friends.data ?? []}
        columns={friendColumns}
        pagination={false}
      />
      <Table<FriendRequest>
        rowKey={(r) => `${r.direction}-${r.userId}-${r.requestTime}`}
        size="small"
        title={() => t('social.requests.history')}
        loading={requests.isPending}
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
        dataSource={given.data ?? []}
        columns={givenColumns}
        pagination={false}
      />
      <Table<SharedSite>
        rowKey="stationId"
        size="small"
        title={() => t('social.shares.received')}
        loading={received.isPending}
        dataSource={received.data ?? []}
        columns={receivedColumns}
        pagination={false}
      />
    </Space>
  );
}

function AttachmentsTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const links = useAttachments();
  const ownSites = (useGroupTree().data ?? []).flatMap((g) => g.subStations).filter((s) => s.owned);
  const [sub, setSub] = useState<number>();
  const [superId, setSuperId] = useState('');
  const columns: TableColumnsType<Attachment> = [
    { title: t('social.links.super'), key: 'sup', render: (_v, l) => `${l.superName} (${l.superId})` },
    { title: t('social.links.sub'), key: 'sub', render: (_v, l) => `${l.subName} (${l.subId})` },
    {
      title: t('social.requests.direction'),
      dataIndex: 'direction',
      render: (v: string) => t(`social.direction.${v}`),
    },
    { title: t('social.requests.state'), dataIndex: 'state', render: (v: string) => <StateTag state={v} /> },
    {
      title: t('social.actions'),
      key: 'a',
      render: (_v, l) => (
        <Space>
          {l.direction === 'received' && l.status === 1 && (
            <>
              <Button
                size="small"
                onClick={() =>
                  runAction(client, () => attach('rejected', l.superId, l.subId), 'social.refused')
                }
              >
                {t('social.refuse')}
              </Button>
              <Button
                size="small"
                type="primary"
                onClick={() =>
                  runAction(client, () => attach('accepted', l.superId, l.subId), 'social.accepted')
                }
              >
                {t('social.agree')}
              </Button>
            </>
          )}
          {l.direction === 'sent' && l.status <= 2 && (
            <Button
              size="small"
              danger
              onClick={() =>
                runAction(client, () => attach('abandom', l.superId, l.subId), 'social.cancelled')
              }
            >
              {t('social.links.abandon')}
            </Button>
          )}
          {l.direction === 'sent' && l.status <= 2 && <AttachMoveButton link={l} />}
        </Space>
      ),
    },
  ];
  const superNumber = Number(superId);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Space wrap>
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('social.links.pickSub')}
          aria-label={t('social.links.pickSub')}
          value={sub}
          onChange={setSub}
          options={ownSites.map((s) => ({ value: s.stationId, label: s.stationName }))}
        />
        <Input
          style={{ width: 200 }}
          inputMode="numeric"
          placeholder={t('social.links.superId')}
          aria-label={t('social.links.superId')}
          value={superId}
          onChange={(e) => setSuperId(e.target.value.replace(/\D/g, ''))}
        />
        <Button
          type="primary"
          disabled={sub === undefined || !(superNumber > 0)}
          onClick={() =>
            sub !== undefined && runAction(client, () => attach('ask', superNumber, sub), 'social.linkAsked')
          }
        >
          {t('social.links.ask')}
        </Button>
      </Space>
      <Table<Attachment>
        rowKey={(l) => `${l.superId}-${l.subId}-${l.askedAt}`}
        size="small"
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('social.links.empty')} />,
        }}
        loading={links.isPending}
        dataSource={links.data ?? []}
        columns={columns}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
      />
      <Card size="small" title={t('social.totals.heading')}>
        {links.data && <SuperiorTotals links={links.data} />}
      </Card>
    </Space>
  );
}
