/**
 * Push benchmark (issue 20 §11), with the server's real job runner on a database of its own: the
 * alarm-push job (woken by the database's NOTIFY), the delivery workers and the mail sender job, all on
 * one pg-boss queue, delivering to a real SMTP server on loopback in a process of its own (smtp-sink.ts).
 * - Alarm raised → mail handed to SMTP: PUSH_BENCH_ALARMS (1,000) alarms raised at an even pace over
 *   PUSH_BENCH_SECONDS (60), on PUSH_BENCH_SITES (100) sites of as many owners with one e-mail alarm
 *   rule each; latency from just before the alarm's INSERT to the SMTP server's end of data.
 * - PUSH_BENCH_REPORT_USERS (1,000) users' daily data reports due at the same minute (one site each,
 *   e-mail with the .xlsx export): from the moment they are due to the last mail at the SMTP server
 *   (the report-push job runs at :15 of every minute, so up to a minute of that is waiting for it).
 * PGlite on disk, and PostgreSQL when DATABASE_URL is set. Run alone: `node --import tsx bench/push.ts`.
 */

import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
import type { DbHandle } from '../apps/server/src/db/client';
import type { JobDefinition } from '../apps/server/src/jobs/job';
import { mailSenderJob } from '../apps/server/src/modules/mail/sender';
import { alarmPushJob } from '../apps/server/src/modules/push/fanout';
import { reportPushJob } from '../apps/server/src/modules/push/reports';
import { type BenchDbKind, openBenchDb } from './harness';
import { startPushRunner } from './push-runner';
import { mailedAt, type SmtpSink } from './smtp-sink';
import { quantile } from './stats';
import { printTable, type Row } from './table';

const ALARMS = Number(process.env.PUSH_BENCH_ALARMS ?? 1000);
const SECONDS = Number(process.env.PUSH_BENCH_SECONDS ?? 60);
const SITES = Number(process.env.PUSH_BENCH_SITES ?? 100);
const REPORT_USERS = Number(process.env.PUSH_BENCH_REPORT_USERS ?? 1000);
/** Longest wait for the last mail after the last alarm, and for all report mails (the target is 5 min). */
const ALARM_GRACE_MS = 120_000;
const REPORT_LIMIT_MS = 360_000;

/** `n` owners (`pb_1`…) with a verified e-mail, one site in Prague each and an inverter on it. */
async function owners(db: DbHandle, n: number): Promise<void> {
  await db.query(
    `INSERT INTO users (login_name, user_name, password_hash, email, email_verified, time_zone)
     SELECT 'pb_' || i, 'pb_' || i, 'x', 'pb' || i || '@bench.example.com', true, 'UTC'
     FROM generate_series(1, $1::int) i`,
    [n],
  );
  await db.query(
    `INSERT INTO stations (name, address, longitude, latitude, capacity_kw, system_type, template_code,
                           owner_id, time_zone, country)
     SELECT 'Bench ' || id, 'Street ' || id, 14.4, 50.1, 10, 1, 'pv', id, 'Europe/Prague', 'CZ'
     FROM users WHERE login_name LIKE 'pb\\_%'`,
  );
  await db.query(
    `INSERT INTO devices (station_id, name, serial_number, device_type, secret_hash)
     SELECT s.id, 'Inverter ' || s.id, 'PB-' || s.id, 'inverter', 'x'
     FROM stations s JOIN users u ON u.id = s.owner_id WHERE u.login_name LIKE 'pb\\_%'`,
  );
}

/** Runs `body` with the real job runner (`jobs` + delivery workers) and an SMTP server set up. */
async function withRunner(
  kind: BenchDbKind,
  name: string,
  jobs: readonly JobDefinition[],
  fill: (db: DbHandle) => Promise<void>,
  body: (db: DbHandle, smtp: SmtpSink) => Promise<Row>,
): Promise<Row> {
  const { db, close } = await openBenchDb(kind, name);
  const log = pino({ level: 'silent' });
  const config = loadConfig({ SIMULATOR: 'off', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://ems.example.com' });
  try {
    await fill(db);
    const runner = await startPushRunner({ db, config, log }, jobs);
    try {
      return await body(db, runner.smtp);
    } finally {
      await runner.stop();
    }
  } finally {
    await close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` or `deadline` (ms since the epoch), checking every 200 ms. */
async function until(done: () => boolean, deadline: number): Promise<void> {
  while (!done() && Date.now() < deadline) await sleep(200);
}

/** Where an alarm's time went, per stage (rows of the alarm case, printed after it). */
const stages: Row[] = [];

/**
 * p50/p99 of each stage of the alarm path, from the rows it left: raised → delivery row (the alarm-push
 * job), delivery row → outbox row (the delivery worker), outbox row → sent (the mail sender).
 */
async function stageTimes(db: DbHandle): Promise<Row> {
  const { rows } = await db.query<{ fanout: number; deliver: number | null; send: number | null }>(
    `SELECT extract(epoch FROM d.created_at - a.started_at)::float8 AS fanout,
            extract(epoch FROM m.created_at - d.created_at)::float8 AS deliver,
            extract(epoch FROM m.sent_at - m.created_at)::float8 AS send
     FROM push_deliveries d JOIN alarms a ON a.id = d.alarm_id LEFT JOIN mail_outbox m ON m.id = d.mail_id`,
  );
  const q = (key: 'fanout' | 'deliver' | 'send', p: number) =>
    quantile(
      rows
        .map((r) => r[key])
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b),
      p,
    );
  return {
    'job: raised → delivery p50 s': q('fanout', 0.5),
    'job p99 s': q('fanout', 0.99),
    'worker: → outbox p50 s': q('deliver', 0.5),
    'worker p99 s': q('deliver', 0.99),
    'sender: → sent p50 s': q('send', 0.5),
    'sender p99 s': q('send', 0.99),
  };
}

/** Alarm raised → mail at the SMTP server, at ALARMS per SECONDS. */
function alarmCase(kind: BenchDbKind): Promise<Row> {
  return withRunner(
    kind,
    'push-alarms',
    [alarmPushJob, mailSenderJob],
    async (db) => {
      await owners(db, SITES);
      await db.query(
        `INSERT INTO push_rules (user_id, kind, channels, alarm_levels, receive_language_id)
         SELECT id, 'alarm', '{email}', '{general,serious,fatal}', 1 FROM users WHERE login_name LIKE 'pb\\_%'`,
      );
    },
    async (db, smtp) => {
      const { rows: devices } = await db.query<{ id: number; stationId: number }>(
        `SELECT d.id, d.station_id AS "stationId" FROM devices d WHERE d.serial_number LIKE 'PB-%' ORDER BY d.id`,
      );
      const raisedAt = new Map<string, number>();
      const spacing = (SECONDS * 1000) / ALARMS;
      const start = Date.now();
      for (let i = 0; i < ALARMS; i++) {
        const wait = start + i * spacing - Date.now();
        if (wait > 0) await sleep(wait);
        const d = devices[i % devices.length]!;
        const code = `PB${String(i).padStart(5, '0')}`;
        raisedAt.set(code, Date.now());
        await db.query(
          `INSERT INTO alarms (station_id, device_id, alarm_code, alarm_level, alarm_desc, started_at)
           VALUES ($1, $2, $3, 4, 'Bench fault', now())`,
          [d.stationId, d.id, code],
        );
      }
      const raisedFor = (Date.now() - start) / 1000;
      await until(() => mailedAt(smtp.received).size >= ALARMS, Date.now() + ALARM_GRACE_MS);
      const latencies = [...mailedAt(smtp.received)]
        .map(([code, receivedAt]) => {
          const at = raisedAt.get(code);
          return at === undefined ? null : (receivedAt - at) / 1000;
        })
        .filter((s): s is number => s !== null)
        .sort((a, b) => a - b);
      stages.push({ db: kind, ...(await stageTimes(db)) });
      return {
        db: kind,
        case: `${ALARMS} alarms in ${raisedFor.toFixed(0)} s on ${SITES} sites, e-mail`,
        'alarms mailed': latencies.length,
        'mails at SMTP': smtp.received.length,
        'p50 s': quantile(latencies, 0.5),
        'p99 s': quantile(latencies, 0.99),
        'max s': latencies.at(-1) ?? Number.NaN,
        'target p99 s': 10,
      };
    },
  );
}

/** REPORT_USERS daily reports due at the same minute → all their mails at the SMTP server. */
function reportCase(kind: BenchDbKind): Promise<Row> {
  let dueAt = 0;
  return withRunner(
    kind,
    'push-reports',
    [reportPushJob, mailSenderJob],
    async (db) => {
      await owners(db, REPORT_USERS);
      // Made yesterday, due at this minute (UTC, the users' zone): every rule is due from now on.
      const now = new Date();
      await db.query(
        `INSERT INTO push_rules (user_id, kind, channels, period, push_time, receive_language_id, created_at)
         SELECT id, 'data', '{email}', 'day', $1, 1, now() - interval '1 day'
         FROM users WHERE login_name LIKE 'pb\\_%'`,
        [now.toISOString().slice(11, 16)],
      );
      dueAt = Date.now();
    },
    async (_db, smtp) => {
      await until(() => smtp.received.length >= REPORT_USERS, dueAt + REPORT_LIMIT_MS);
      const times = smtp.received.map((m) => (m.receivedAt - dueAt) / 1000).sort((a, b) => a - b);
      return {
        db: kind,
        case: `${REPORT_USERS} users' daily reports due at once, e-mail with .xlsx`,
        'mails at SMTP': times.length,
        'first s': times[0] ?? Number.NaN,
        'all s': times.length >= REPORT_USERS ? times.at(-1)! : Number.NaN,
        'target all s': 300,
      };
    },
  );
}

const kinds = (): BenchDbKind[] => (process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite']);

/** The alarm case on PGlite, and on PostgreSQL when DATABASE_URL is set. */
export async function runPushAlarmBench(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of kinds()) rows.push(await alarmCase(kind));
  return rows;
}

/** The stage times of the alarm runs so far (runPushAlarmBench fills them). */
export function pushAlarmStages(): Row[] {
  return stages;
}

/** The report case on PGlite, and on PostgreSQL when DATABASE_URL is set. */
export async function runPushReportBench(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of kinds()) rows.push(await reportCase(kind));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable('Push: alarm raised → mail at SMTP (issue 20 §11)', await runPushAlarmBench());
  printTable('Push: where an alarm mail’s time went', pushAlarmStages());
  printTable('Push: daily reports due at the same minute → all mails at SMTP', await runPushReportBench());
  process.exit(0);
}
