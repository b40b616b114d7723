/**
 * The charger commands' clock (docs/ocpp.md "Operating a charger"), a periodic job every 5 s on one
 * process: a command `sent` CHARGER_CALL_TIMEOUT_S + SWEEP_GRACE_S ago without an answer times out (the
 * node calling it died: a live node ends its own calls at CHARGER_CALL_TIMEOUT_S), and a command still
 * `queued` CHARGER_QUEUE_TIMEOUT_S after it was asked fails `notDelivered` (no node took it).
 */
import { CHARGER_CALL_TIMEOUT_S, CHARGER_QUEUE_TIMEOUT_S } from '@ems/contract/api/ocpp-charger';
import type { JobDefinition } from '../../../jobs/job';
import { sweepCommands } from './repo';

/** Seconds the sweep leaves a live node to record its own timeout first. */
export const SWEEP_GRACE_S = 10;

/** Times out calls a dead node left and fails commands no node took. */
export const chargerCommandSweepJob: JobDefinition = {
  name: 'charger-command-sweep',
  everyMs: 5000,
  offsetMs: 2500,
  run: async ({ db, log }) => {
    const swept = await sweepCommands(db, CHARGER_CALL_TIMEOUT_S + SWEEP_GRACE_S, CHARGER_QUEUE_TIMEOUT_S);
    if (swept.timedOut > 0 || swept.failed > 0) log.info(swept, 'charger commands swept');
  },
};
