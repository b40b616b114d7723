import { ShareAltOutlined } from '@ant-design/icons';
import type { SharedSite } from '@ems/contract/api/social';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeButton } from '../../../shared/ui/badge-button';
import { QueryError } from '../../../shared/ui/query-error';
import { editGroup, useGroupTree } from '../../fleet/api/fleet-api';
import { useBadgeCounts } from '../api/badge-counts';
import { confirmShare, refuseShare, useSharesReceived } from '../api/social-api';
import { runAction } from './run-action';

/**
 * Top-bar site-share badge (spec §2): sites shared with the caller that wait for an answer. Its dialog
 * lists stationName, owner, a target group selector (offering to create a group), confirm and refuse;
 * closing it reloads the page, so every list shows the new site.
 */
export function ShareBadge() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = useBadgeCounts().data?.shares ?? 0;
  return (
    <>
      <BadgeButton
        icon={<ShareAltOutlined />}
        count={count}
        label={t('social.badge.shares', { count })}
        onClick={() => setOpen(true)}
      />
      <Modal
        open={open}
        width={720}
        title={t('social.shares.title')}
        footer={null}
        destroyOnHidden
        onCancel={() => {
          setOpen(false);
          window.location.reload();
        }}
      >
        <PendingShares />
      </Modal>
    </>
  );
}

function PendingShares() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending, isError, error } = useSharesReceived('pending');
  const groups = useGroupTree().data ?? [];
  const [target, setTarget] = useState<Record<number, number>>({});
  const [newGroup, setNewGroup] = useState('');
  const defaultGroup = groups.find((g) => g.isDefault)?.id;

  const createGroup = () =>
    runAction(client, () => editGroup({ action: 'create', name: newGroup.trim() }), 'common.ok').then(
      (ok) => {
        if (ok) setNewGroup('');
      },
    );

  const columns: TableColumnsType<SharedSite> = [
    { title: t('social.shares.stationName'), dataIndex: 'stationName' },
    { title: t('social.shares.owner'), dataIndex: 'userName' },
    {
      title: t('social.shares.group'),
      key: 'group',
      render: (_v, s) => (
        <Select
          size="small"
          style={{ minWidth: 140 }}
          aria-label={t('social.shares.groupFor', { name: s.stationName })}
          value={target[s.stationId] ?? defaultGroup}
          options={groups.map((g) => ({
            value: g.id,
            label: g.isDefault ? t('social.shares.defaultGroup') : g.name,
          }))}
          onChange={(v: number) => setTarget((m) => ({ ...m, [s.stationId]: v }))}
        />
      ),
    },
    {
      title: t('social.actions'),
      key: 'actions',
      render: (_v, s) => {
        const groupId = target[s.stationId] ?? defaultGroup;
        return (
          <Space>
            <Button size="small" onClick={() => runAction(client, () => refuseShare(s), 'social.refused')}>
              {t('social.refuse')}
            </Button>
            <Button
              size="small"
              type="primary"
              disabled={groupId === undefined}
              onClick={() =>
                groupId !== undefined && runAction(client, () => confirmShare(s, groupId), 'social.accepted')
              }
            >
              {t('social.confirm')}
            </Button>
          </Space>
        );
      },
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {isError && !data ? (
        <QueryError error={error} />
      ) : !isPending && (data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('social.shares.none')} />
      ) : (
        <Table<SharedSite>
          rowKey="stationId"
          size="small"
          pagination={false}
          loading={isPending}
          dataSource={data ?? []}
          columns={columns}
        />
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          placeholder={t('social.shares.newGroup')}
          aria-label={t('social.shares.newGroup')}
          value={newGroup}
          maxLength={50}
          onChange={(e) => setNewGroup(e.target.value)}
        />
        <Button disabled={newGroup.trim().length < 2} onClick={createGroup}>
          {t('social.shares.createGroup')}
        </Button>
      </Space.Compact>
    </Space>
  );
}
