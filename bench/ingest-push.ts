/**
 * The ingest case with push on (issue 20 §11, "the ingest figure of issue 12 with push on the path"):
 * beside the ingest, this process runs what the server runs for push — the rollup job, the alarm-push
 * job, the mail sender job and the delivery workers on one job queue (bench/push-runner.ts) — the site's
 * owner has a verified e-mail and an e-mail alarm rule, and the data loggers raise ALARMS_PER_MINUTE new
 * alarm codes a minute among their samples (bench/ingest-publisher.ts). Its row adds how many alarm
 * mails reached the SMTP server by the end of the case, and their latency from publish to the SMTP
 * server's end of data once the last is in (or MAIL_GRACE_MS after the case). Before the case, one mail goes
 * through the outbox to the SMTP server (not counted): the SMTP thread, its first connection and the
 * sender's first run are a server's one-time costs, which a server that has sent mail before has paid,
 * and in a 10-s case they were a share of the push case's time of their own (issue 36 §2).
 */
import { enqueueMail, mailQueued } from '../apps/server/src/modules/mail/outbox';
import { mailSenderJob } from '../apps/server/src/modules/mail/sender';
import { alarmPushJob } from '../apps/server/src/modules/push/fanout';
import { rollupJob } from '../apps/server/src/modules/telemetry/rollup-refresh';
import { startBenchJobs } from './harness';
import type { MqttVariant } from './ingest';
import { processCpuUs } from './proc-cpu';
import { startPushRunner } from './push-runner';
import { mailedAt } from './smtp-sink';
import { quantile } from './stats';

/** INGEST_BENCH_ALARMS_PER_MINUTE (default 1,000; 0: the push path runs but no alarm is raised). */
const ALARMS_PER_MINUTE = Number(process.env.INGEST_BENCH_ALARMS_PER_MINUTE ?? 1000);
/** Longest wait for the alarm mails after the case's samples are all stored. */
const MAIL_GRACE_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The MQTT case's push-on variant (INGEST_BENCH_CASES `mqtt1push`). */
export const pushOn: MqttVariant = {
  label: `push on (${ALARMS_PER_MINUTE.toLocaleString('en')} alarms/min by e-mail)`,
  async start(deps, devices) {
    const { db } = deps;
    await db.query(
      `UPDATE users SET email = 'owner@bench.example.com', email_verified = true
       WHERE id = (SELECT owner_id FROM stations WHERE id = $1)`,
      [devices[0]!.stationId],
    );
    await db.query(
      `INSERT INTO push_rules (user_id, kind, channels, alarm_levels, receive_language_id)
       SELECT owner_id, 'alarm', '{email}', '{general,serious,fatal}', 1 FROM stations WHERE id = $1`,
      [devices[0]!.stationId],
    );
    const runner = await startPushRunner(deps, [rollupJob, alarmPushJob, mailSenderJob]);
    const { received } = runner.smtp;
    await enqueueMail(db.db, { to: 'warm-up@bench.example.com', subject: 'warm-up', body: 'warm-up' });
    mailQueued(db);
    for (let waited = 0; received.length === 0 && waited < MAIL_GRACE_MS; waited += 50) await sleep(50);
    received.length = 0;
    // The mail server's CPU over the case: on this one machine it takes cores the ingest would use.
    const sinkCpu0 = processCpuUs(runner.smtp.pid);
    return {
      job: ALARMS_PER_MINUTE > 0 ? { alarms: { perMinute: ALARMS_PER_MINUTE } } : {},
      stop: runner.stop,
      async finish(published) {
        const byEnd = mailedAt(received).size;
        const sinkCpuMs = Math.round((processCpuUs(runner.smtp.pid) - sinkCpu0) / 1000);
        const until = Date.now() + MAIL_GRACE_MS;
        while (mailedAt(received).size < published.alarms.length && Date.now() < until) await sleep(200);
        const mailAt = mailedAt(received);
        const lat = published.alarms
          .map((a) => ((mailAt.get(a.code) ?? Number.POSITIVE_INFINITY) - a.at) / 1000)
          .sort((a, b) => a - b);
        const s = (v: number) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : 'not in');
        return {
          'alarms raised': published.alarms.length,
          'alarms mailed by case end': byEnd,
          [`alarms mailed within +${MAIL_GRACE_MS / 1000} s`]: mailAt.size,
          'mails at SMTP': received.length,
          'mail p50 s': s(quantile(lat, 0.5)),
          'mail p99 s': s(quantile(lat, 0.99)),
          'SMTP server CPU ms (bench)': sinkCpuMs,
        };
      },
    };
  },
};

/**
 * The control of pushOn (INGEST_BENCH_CASES `mqtt1alarms`): the same alarms raised among the samples,
 * the rollup job alone beside the ingest, no push rule and no push jobs. pushOn's cost is its row's
 * difference from this one, the alarms' own cost this row's difference from the plain case.
 */
export const alarmsOnly: MqttVariant = {
  label: `alarms on, push off (${ALARMS_PER_MINUTE.toLocaleString('en')} alarms/min)`,
  async start(deps) {
    const jobs = await startBenchJobs(deps, [rollupJob]);
    return {
      job: ALARMS_PER_MINUTE > 0 ? { alarms: { perMinute: ALARMS_PER_MINUTE } } : {},
      stop: jobs.stop,
      finish: async (published) => ({ 'alarms raised': published.alarms.length }),
    };
  },
};
