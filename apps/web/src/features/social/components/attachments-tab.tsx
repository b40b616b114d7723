/**
 * The Attachments tab of the social screen (issue 10 §3, issue 24 item 7): ask to attach one of the
 * caller's stations under a superior chosen by name (SuperiorSelect), the links asked and received with
 * their answers, and the totals of the caller's superior stations.
 */

import type { Attachment } from '@ems/contract/api/social';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyOrError } from '../../../shared/ui/query-error';
import { useGroupTree } from '../../fleet/api/fleet-api';
import { attach, useAttachments } from '../api/social-api';
import { AttachMoveButton } from './attach-move';
import { runAction } from './run-action';
import { StateTag } from './state-tag';
import { type SuperiorChoice, SuperiorSelect } from './superior-select';
import { SuperiorTotals } from './superior-totals';

/** A link's superior as the caller may know it: its name, or (an ask not yet accepted) its id only. */
function SuperiorName({ link }: { link: Attachment }) {
  const { t } = useTranslation();
  if (link.superName !== null) return <>{`${link.superName} (${link.superId})`}</>;
  return (
    <Typography.Text type="secondary">{t('social.links.superUnnamed', { id: link.superId })}</Typography.Text>
  );
}

/** The tab: ask form, links table, superior totals. */
export function AttachmentsTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const links = useAttachments();
  const ownSites = (useGroupTree().data ?? []).flatMap((g) => g.subStations).filter((s) => s.owned);
  const [sub, setSub] = useState<number>();
  const [superior, setSuperior] = useState<SuperiorChoice>();
  const columns: TableColumnsType<Attachment> = [
    { title: t('social.links.super'), key: 'sup', render: (_v, l) => <SuperiorName link={l} /> },
    { title: t('social.links.sub'), key: 'sub', render: (_v, l) => `${l.subName} (${l.subId})` },
    {
      title: t('social.requests.direction'),
      dataIndex: 'direction',
      render: (v: string) => t(`social.direction.${v}`),
    },
    { title: t('social.requests.state'), dataIndex: 'state', render: (v: string) => <StateTag state={v} /> },
    { title: t('social.actions'), key: 'a', render: (_v, l) => <LinkActions link={l} /> },
  ];
  const ask = () =>
    sub !== undefined &&
    superior !== undefined &&
    runAction(client, () => attach('ask', superior.id, sub), 'social.linkAsked').then(
      (ok) => ok && setSuperior(undefined),
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Space wrap>
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('social.links.pickSub')}
          aria-label={t('social.links.pickSub')}
          value={sub}
          onChange={(v) => {
            setSub(v);
            if (v === superior?.id) setSuperior(undefined);
          }}
          options={ownSites.map((s) => ({ value: s.stationId, label: s.stationName }))}
        />
        <SuperiorSelect
          style={{ width: 340, maxWidth: '100%' }}
          ariaLabel={t('social.links.super')}
          exclude={sub === undefined ? [] : [sub]}
          value={superior}
          onChange={setSuperior}
        />
        <Button type="primary" disabled={sub === undefined || superior === undefined} onClick={ask}>
          {t('social.links.ask')}
        </Button>
      </Space>
      <Typography.Text type="secondary">{t('social.links.askHint')}</Typography.Text>
      <Table<Attachment>
        rowKey={(l) => `${l.direction}-${l.superId}-${l.subId}-${l.askedAt}`}
        size="small"
        locale={{
          emptyText: emptyOrError(
            links,
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('social.links.empty')} />,
          ),
        }}
        loading={links.isPending}
        dataSource={links.data ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
      />
      <Card size="small" title={t('social.totals.heading')}>
        {links.data && <SuperiorTotals links={links.data} />}
      </Card>
    </Space>
  );
}

/** Answer (received, pending), abandon and move (sent, pending or accepted). */
function LinkActions({ link: l }: { link: Attachment }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const call = (
    action: 'accepted' | 'rejected' | 'abandom',
    done: 'social.accepted' | 'social.refused' | 'social.cancelled',
  ) => runAction(client, () => attach(action, l.superId, l.subId), done);
  return (
    <Space>
      {l.direction === 'received' && l.status === 1 && (
        <>
          <Button size="small" onClick={() => call('rejected', 'social.refused')}>
            {t('social.refuse')}
          </Button>
          <Button size="small" type="primary" onClick={() => call('accepted', 'social.accepted')}>
            {t('social.agree')}
          </Button>
        </>
      )}
      {l.direction === 'sent' && l.status <= 2 && (
        <>
          <Button size="small" danger onClick={() => call('abandom', 'social.cancelled')}>
            {t('social.links.abandon')}
          </Button>
          <AttachMoveButton link={l} />
        </>
      )}
    </Space>
  );
}
