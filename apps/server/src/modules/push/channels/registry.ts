/** The push channels by name (issue 20 §4). */
import type { PushChannel } from '@ems/contract/api/push';
import type { PushChannelImpl } from '../channel';
import { appChannel } from './app';
import { emailChannel } from './email';
import { officialAccountChannel } from './official-account';

export const CHANNELS: Record<PushChannel, PushChannelImpl> = {
  email: emailChannel,
  app: appChannel,
  officialAccount: officialAccountChannel,
};
