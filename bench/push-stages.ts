/**
 * CPU per alarm of each stage of the alarm-push path (issue 36 §2), measured one stage at a time so the
 * figures do not depend on how the stages interleave on a shared machine: rounds of ALARMS alarms raised
 * on a site whose owner has an e-mail alarm rule (as bench/ingest-push.ts), then in turn
 * - a run of a periodic job through the queue (send, fetch, complete: what each wake-up of the alarm-push
 *   job and of the mail sender costs before its body runs),
 * - the fan-out (fanOutAlarmEvents: rules, rendering, delivery rows and their jobs),
 * - the delivery workers (fetching the `push-deliver` jobs, handling them, completing them),
 * - the mail sender (deliverDueMail: outbox claims, SMTP, outcomes) until the mails are at the SMTP sink.
 * Each stage's CPU is process.cpuUsage() across it, plus on PostgreSQL the CPU the server's processes
 * used meanwhile (/proc, when the bench runs beside the server as its superuser).
 *
 * Run: `node --import tsx bench/push-stages.ts`; PUSH_STAGES_ROUNDS (default 100), PUSH_STAGES_ALARMS
 * (alarms per round, default 2: the ingest case's 1,000 a minute come ~2 per 100-ms wake-up).
 */
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
import { createTestDevice, createTestStation } from '../apps/server/src/ingest/test-ingest';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { periodicQueue } from '../apps/server/src/jobs/scheduler';
import { deliverDueMail, mailSenderJob } from '../apps/server/src/modules/mail/sender';
import { writeSmtpSettings } from '../apps/server/src/modules/mail/smtp-settings';
import { DELIVER_QUEUE, declareDeliveries, deliverBatch } from '../apps/server/src/modules/push/deliver';
import { fanOutAlarmEvents } from '../apps/server/src/modules/push/fanout';
import { type BenchDbKind, openBenchDb } from './harness';
import { postgresCpuUs } from './proc-cpu';
import { mailedAt, startSmtpSink } from './smtp-sink';
import { printTable, type Row } from './table';

const ROUNDS = Number(process.env.PUSH_STAGES_ROUNDS ?? 100);
const ALARMS = Number(process.env.PUSH_STAGES_ALARMS ?? 2);
const log = pino({ level: 'silent' });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stagesCase(kind: BenchDbKind): Promise<Row[]> {
  const { db, close } = await openBenchDb(kind, 'push-stages');
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'https://ems.example.com' });
  const smtp = await startSmtpSink();
  const queue = createJobQueue(db);
  try {
    await queue.start(log);
    const station = await createTestStation(db);
    const device = await createTestDevice(db, 'inverter', station);
    await db.query(
      `UPDATE users SET email = 'owner@bench.example.com', email_verified = true
       WHERE id = (SELECT owner_id FROM stations WHERE id = $1)`,
      [device.stationId],
    );
    await db.query(
      `INSERT INTO push_rules (user_id, kind, channels, alarm_levels, receive_language_id)
       SELECT owner_id, 'alarm', '{email}', '{general,serious,fatal}', 1 FROM stations WHERE id = $1`,
      [device.stationId],
    );
    await writeSmtpSettings(db.db, {
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      username: null,
      fromAddress: 'push@ems.example.com',
    });
    const periodic = periodicQueue(mailSenderJob);
    await queue.declare([periodic]);
    await declareDeliveries(queue);
    const deps = { db, config, log, queue };
    const stages = ['job run via the queue (×2)', 'fan-out', 'delivery workers', 'mail sender'] as const;
    const cpu = Object.fromEntries(stages.map((s) => [s, { node: 0, server: 0 }])) as Record<
      (typeof stages)[number],
      { node: number; server: number }
    >;
    const timed = async (stage: (typeof stages)[number], fn: () => Promise<unknown>) => {
      const s0 = await postgresCpuUs(db);
      const c0 = process.cpuUsage();
      await fn();
      const c = process.cpuUsage(c0);
      cpu[stage].node += c.user + c.system;
      cpu[stage].server += (await postgresCpuUs(db)) - s0;
    };
    let n = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < ALARMS; i++, n++) {
        await db.query(
          `INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, started_at)
           VALUES ($1, $2, $3, 4, 'Bench fault', now())`,
          [device.stationId, device.id, `PB${String(n).padStart(5, '0')}`],
        );
      }
      // Two wake-ups a round: the alarm-push job's and the mail sender's.
      await timed('job run via the queue (×2)', async () => {
        for (let k = 0; k < 2; k++) {
          await queue.send(periodic.name, { at: Date.now() }, { singletonKey: periodic.name });
          const jobs = await queue.boss.fetch(periodic.name, { batchSize: 1 });
          if (jobs.length)
            await queue.boss.complete(
              periodic.name,
              jobs.map((j) => j.id),
            );
        }
      });
      await timed('fan-out', () => fanOutAlarmEvents(deps));
      await timed('delivery workers', async () => {
        for (;;) {
          const jobs = await queue.boss.fetch<{ deliveryId: number }>(DELIVER_QUEUE.name, {
            batchSize: 10,
            includeMetadata: true,
          });
          if (jobs.length === 0) break;
          await deliverBatch(deps, jobs);
          await queue.boss.complete(
            DELIVER_QUEUE.name,
            jobs.map((j) => j.id),
          );
        }
      });
      await timed('mail sender', async () => {
        await deliverDueMail(deps);
        const until = Date.now() + 10_000;
        // Counted, not mapped, while polling: the poll's own CPU is charged to this stage.
        const codes = () => smtp.received.reduce((k, m) => k + m.codes.length, 0);
        while (codes() < n && Date.now() < until) await sleep(1);
      });
    }
    const mailed = mailedAt(smtp.received).size;
    if (mailed !== n) throw new Error(`${mailed} of ${n} alarms' mails arrived`);
    const ms = (us: number) => Math.round(us / n / 10) / 100;
    return stages.map((stage) => ({
      database: kind,
      stage,
      alarms: n,
      'bench process CPU ms/alarm': ms(cpu[stage].node),
      'database server CPU ms/alarm': kind === 'PostgreSQL' ? ms(cpu[stage].server) : '(in process)',
      'total ms/alarm': ms(cpu[stage].node + cpu[stage].server),
    }));
  } finally {
    await queue.stop();
    await smtp.close();
    await close();
  }
}

/** Every stage on PGlite, then on PostgreSQL when DATABASE_URL is set. */
export async function runPushStagesBench(): Promise<Row[]> {
  const rows = await stagesCase('PGlite');
  if (process.env.DATABASE_URL) rows.push(...(await stagesCase('PostgreSQL')));
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable(`Alarm push: CPU per alarm by stage (${ALARMS} alarms per wake-up)`, await runPushStagesBench());
  process.exit(0);
}
