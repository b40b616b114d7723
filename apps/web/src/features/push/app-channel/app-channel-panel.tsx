/**
 * The app channel's panel (issue 20 §4), for the push settings page: this browser's state (not
 * supported, blocked, not subscribed, subscribed) and a button that turns its notifications on (asks
 * the permission, subscribes, tells the server) or off (both sides). No props: it is about this browser.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { toastError, toastSuccess } from '../../../shared/ui/feedback';
import {
  AppPushError,
  type AppPushState,
  disableAppPush,
  enableAppPush,
  readAppPushState,
} from './browser-push';

/** Query key of this browser's state; under ['push'] so the settings page's refreshes reach it. */
const STATE_KEY = ['push', 'app', 'browser'] as const;

const STATE_COLOR: Record<AppPushState, string> = {
  unsupported: 'default',
  denied: 'red',
  unsubscribed: 'gold',
  subscribed: 'green',
};

/** This browser's Web Push state, with the button to change it. */
export function AppChannelPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useQuery({
    queryKey: STATE_KEY,
    queryFn: readAppPushState,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const change = useMutation({
    mutationFn: async (on: boolean) => {
      await (on ? enableAppPush() : disableAppPush());
      return on;
    },
    onSuccess: (on) => toastSuccess(t(on ? 'pushApp.enabled' : 'pushApp.disabled')),
    onError: (error) => {
      // The browser's own refusals; the API's: a refusal's msg (spec §8), a transport error shown already.
      if (error instanceof AppPushError) toastError(t(`pushApp.errors.${error.reason}`));
      else toastUnlessShown(error, t('common.errors.generic'));
    },
    // Also the channel states of the settings page (subscribed browsers).
    onSettled: () => client.invalidateQueries({ queryKey: ['push'] }),
  });
  const current = state.data;
  return (
    <Card title={t('pushApp.title')} loading={state.isPending} data-testid="app-channel-panel">
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>{t('pushApp.intro')}</Typography.Paragraph>
        {current && (
          <Flex gap="small" align="center" wrap>
            <Typography.Text>{t('pushApp.stateLabel')}</Typography.Text>
            <Tag color={STATE_COLOR[current]}>{t(`pushApp.state.${current}`)}</Tag>
          </Flex>
        )}
        {(current === 'unsupported' || current === 'denied') && (
          <Alert
            type={current === 'denied' ? 'warning' : 'info'}
            showIcon
            title={t(`pushApp.help.${current}`)}
          />
        )}
        {current === 'unsubscribed' && (
          <Button type="primary" loading={change.isPending} onClick={() => change.mutate(true)}>
            {t('pushApp.enable')}
          </Button>
        )}
        {current === 'subscribed' && (
          <Button loading={change.isPending} onClick={() => change.mutate(false)}>
            {t('pushApp.disable')}
          </Button>
        )}
        <Typography.Text type="secondary">{t('pushApp.install')}</Typography.Text>
      </Flex>
    </Card>
  );
}
