/**
 * The periodic jobs every node schedules: the list main.ts hands the job runner (scheduler.ts startJobs).
 * Add a job by appending its JobDefinition (jobs/job.ts) here.
 */
import { checkpointJob } from '../db/checkpoint';
import { ensureTelemetryPartitions } from '../db/partitions';
import { rawRetentionJob } from '../db/retention';
import { vacuumJob } from '../db/vacuum';
import { alarmJob } from '../modules/alarms/alarm-job';
import { commandSweepJob } from '../modules/commands/sweep';
import { historyPurgeJob } from '../modules/fleet/history-purge';
import { mailSenderJob } from '../modules/mail/sender';
import { chargerCommandSweepJob } from '../modules/ocpp/commands/sweep';
import { planReminderJob } from '../modules/plans/reminder-job';
import { alarmPushJob } from '../modules/push/fanout';
import { reportPushJob } from '../modules/push/reports';
import { rollupJob } from '../modules/telemetry/rollup-refresh';
import type { JobDefinition } from './job';

const DAY_MS = 86_400_000;

/** Keeps next months' telemetry partitions created (migrate() also does it at start). */
export const telemetryPartitionsJob: JobDefinition = {
  name: 'telemetry-partitions',
  everyMs: DAY_MS,
  offsetMs: 5 * 60_000, // 00:05 UTC
  run: ({ db }, now) => ensureTelemetryPartitions(db, now),
};

/** The jobs every node schedules. */
export const allJobs: readonly JobDefinition[] = [
  telemetryPartitionsJob,
  historyPurgeJob,
  alarmJob,
  rollupJob,
  rawRetentionJob,
  mailSenderJob,
  vacuumJob,
  checkpointJob,
  alarmPushJob,
  reportPushJob,
  planReminderJob,
  commandSweepJob,
  chargerCommandSweepJob,
];
