/** The state of each push channel for one user (issue 20 §1 "not set up, bound, subscribed"). */
import { type ChannelState, PUSH_CHANNELS } from '@ems/contract/api/push';
import type { ChannelDeps } from './channel';
import { CHANNELS } from './channels/registry';

/** Each channel: not set up on the platform, set up but without a recipient of the user's, or ready. */
export async function channelStates(deps: ChannelDeps, userId: number): Promise<ChannelState[]> {
  return Promise.all(
    PUSH_CHANNELS.map(async (channel) => {
      const impl = CHANNELS[channel];
      if (!(await impl.isSetUp(deps))) return { channel, state: 'notSetUp' as const, recipients: 0 };
      const recipients = (await impl.recipients(deps, userId, [])).length;
      return { channel, state: recipients > 0 ? ('ready' as const) : ('unbound' as const), recipients };
    }),
  );
}
