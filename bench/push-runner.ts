/**
 * The push path as the server runs it, for the benchmarks that time it (bench/push.ts, and the ingest
 * case with push on, bench/ingest-push.ts): the given periodic jobs (e.g. the alarm-push job and the
 * mail sender job) and the delivery workers on one job queue, sending mail to the bench's SMTP server
 * (smtp-sink.ts, in a process of its own) set up as the platform's SMTP server, and the push counters the
 * server keeps for /metrics.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Registry } from 'prom-client';
import type { Config } from '../apps/server/src/config';
import type { DbHandle } from '../apps/server/src/db/client';
import type { JobDefinition } from '../apps/server/src/jobs/job';
import { writeSmtpSettings } from '../apps/server/src/modules/mail/smtp-settings';
import { registerPushMetrics } from '../apps/server/src/modules/push/metrics';
import { startBenchJobs } from './harness';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

/** A running push path: its SMTP server's mails, and `stop()` for the jobs, workers and SMTP server. */
export interface PushRunner {
  smtp: SmtpSink;
  stop(): Promise<void>;
}

/** Starts the SMTP sink, stores it as the SMTP settings, then starts `jobs` and the delivery workers. */
export async function startPushRunner(
  deps: { db: DbHandle; config: Config; log: FastifyBaseLogger },
  jobs: readonly JobDefinition[],
): Promise<PushRunner> {
  const smtp = await startSmtpSink();
  try {
    await writeSmtpSettings(deps.db.db, {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      username: null,
      fromAddress: 'push@ems.example.com',
    });
    const jobsRunning = await startBenchJobs(deps, jobs, { deliveries: true });
    // The server counts settled push mail for /metrics (main.ts); so does the bench, at the same cost.
    const stopMetrics = registerPushMetrics(new Registry(), deps.db);
    return {
      smtp,
      stop: async () => {
        stopMetrics();
        await jobsRunning.stop();
        await smtp.close();
      },
    };
  } catch (err) {
    await smtp.close();
    throw err;
  }
}
