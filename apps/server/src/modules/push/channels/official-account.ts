/** The messaging-service official account (issue 20 §4): WeChat Official Account template messages. */
import type { PushChannelImpl } from '../channel';

export const officialAccountChannel: PushChannelImpl = {
  channel: 'officialAccount',
  isSetUp: async () => false,
  waitsUntilSetUp: true,
  recipients: async () => [],
  label: async (_deps, recipient) => recipient,
  send: async () => {
    throw new Error('the official account is not built yet');
  },
};
