/** Web Push to the installed web app (issue 20 §4): RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID. */
import type { PushChannelImpl } from '../channel';

export const appChannel: PushChannelImpl = {
  channel: 'app',
  isSetUp: async () => true,
  waitsUntilSetUp: true,
  recipients: async () => [],
  label: async (_deps, recipient) => recipient,
  send: async () => {
    throw new Error('Web Push is not built yet');
  },
};
