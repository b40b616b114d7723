/**
 * The channels (issue 20 §1, §4): each one's state for the user (not set up by the administrator, no
 * recipient yet, or bound/subscribed with its recipients) and "Send a test" (push/test); the app and
 * official-account panels (their own features) sit under their channel.
 */

import { ExperimentOutlined } from '@ant-design/icons';
import type { ChannelState, PushChannel } from '@ems/contract/api/push';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { toastError, toastSuccess } from '../../../shared/ui/feedback';
import { QueryError } from '../../../shared/ui/query-error';
import { AccountChannelPanel } from '../account-channel';
import { sendTest, usePushChannels } from '../api/push-channels';
import { refreshLog } from '../api/push-log';
import { AppChannelPanel } from '../app-channel';

const STATE_COLOR: Record<ChannelState['state'], string> = {
  notSetUp: 'default',
  unbound: 'warning',
  ready: 'success',
};

const PANELS: Partial<Record<PushChannel, ReactNode>> = {
  app: <AppChannelPanel />,
  officialAccount: <AccountChannelPanel />,
};

/** The channels block of the Push settings page. */
export function ChannelsBlock() {
  const { t } = useTranslation();
  const channels = usePushChannels();
  return (
    <Card title={t('push.channelStates.title')} className="push-block">
      {channels.isPending && <Skeleton active />}
      {channels.isError && <QueryError error={channels.error} />}
      <div className="push-channel-list">
        {(channels.data ?? []).map((c) => (
          <ChannelRow key={c.channel} state={c} />
        ))}
      </div>
    </Card>
  );
}

/** One channel: name, state, a test send and its own panel. */
function ChannelRow({ state: c }: { state: ChannelState }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const name = t(`push.channels.${c.channel}`);
  const test = async () => {
    setPending(true);
    try {
      const result = await sendTest(c.channel);
      // No recipient yet: nothing was sent, which the user must not take for success.
      if (result.recipients === 0) toastError(result.msg);
      else toastSuccess(result.msg);
      await refreshLog(client);
    } catch (e) {
      // A refusal is the caller's to show (spec §8); a transport error the client showed already.
      toastUnlessShown(e, t('common.errors.generic'));
    } finally {
      setPending(false);
    }
  };
  const stateText =
    c.state === 'notSetUp'
      ? t('push.channelStates.notSetUp')
      : t(`push.channelStates.${c.channel}.${c.state}`, { count: c.recipients });
  return (
    <section className="push-channel" data-testid={`push-channel-${c.channel}`} aria-label={name}>
      <div className="push-channel-head">
        <Typography.Text strong>{name}</Typography.Text>
        <Tag color={STATE_COLOR[c.state]}>{stateText}</Tag>
        <Button
          size="small"
          icon={<ExperimentOutlined />}
          loading={pending}
          onClick={test}
          aria-label={t('push.channelStates.testOn', { channel: name })}
        >
          {t('push.channelStates.test')}
        </Button>
      </div>
      {c.state === 'notSetUp' && (
        <Typography.Paragraph type="secondary" className="push-channel-note">
          {t('push.channelStates.notSetUpHint')}
        </Typography.Paragraph>
      )}
      {PANELS[c.channel]}
    </section>
  );
}
