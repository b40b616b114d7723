/**
 * The commands' clock (docs/commands.md "Time limits"), a periodic job every COMMAND_SWEEP_S on one
 * process: a command sent COMMAND_ACK_TIMEOUT_S ago without an answer times out (its device may take
 * its next command), a command still queued COMMAND_EXPIRE_S after it was asked expires.
 */
import { COMMAND_ACK_TIMEOUT_S, COMMAND_SWEEP_S } from '@ems/contract/api/device-commands';
import type { JobDefinition } from '../../jobs/job';
import { kickDevice } from './dispatch';
import { expireQueued, timeOutSent } from './repo';

/** Times out unanswered commands and expires old queued ones. */
export const commandSweepJob: JobDefinition = {
  name: 'command-sweep',
  everyMs: COMMAND_SWEEP_S * 1000,
  offsetMs: 0,
  run: async ({ db, queue, log }) => {
    const devices = await timeOutSent(db, COMMAND_ACK_TIMEOUT_S);
    const expired = await expireQueued(db);
    if (devices.length > 0 || expired > 0) log.info({ timedOut: devices.length, expired }, 'commands swept');
    if (queue) for (const deviceId of devices) await kickDevice(queue, deviceId);
  },
};
