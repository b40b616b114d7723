/**
 * The alarm job (issue 9): every 30 s, on one node at a time (jobs/scheduler.ts), raises and clears
 * communication-loss alarms (a device silent for ALARM_OFFLINE_AFTER_S) and threshold-rule alarms; and at
 * once when a rule was saved or deleted, so its owner sees what it does without waiting for the period.
 */
import type { JobDefinition } from '../../jobs/job';
import { evaluateCommLoss } from './engine';
import { evaluateRules } from './rules-engine';
import { onRulesChanged } from './rules-service';

/** Period of the alarm job, ms. */
export const ALARM_JOB_EVERY_MS = 30_000;

/** Evaluates platform alarms at `now`. */
export const alarmJob: JobDefinition = {
  name: 'alarms',
  everyMs: ALARM_JOB_EVERY_MS,
  offsetMs: 7_000,
  run: async ({ db, config, log }, now) => {
    const offline = await evaluateCommLoss(db, config.ALARM_OFFLINE_AFTER_S, now);
    const rules = await evaluateRules(db, now);
    if (offline.raised + offline.cleared + rules.raised + rules.cleared > 0)
      log.info({ offline, rules }, 'platform alarms evaluated');
  },
  wakeOn: onRulesChanged,
  // A run evaluates every site's rules and devices: saves in quick succession (one owner's or many) run it
  // at most once a second, not once per save.
  kickCoalesceMs: 1_000,
};
