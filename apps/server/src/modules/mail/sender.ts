/**
 * Mail sender: delivers due outbox rows through the configured SMTP server, as a job of the job queue
 * every 2 s and within a quarter second when mail was queued. Rows are claimed in batches, each row leased
 * by one run (outbox-repo.ts), and a batch goes out side by side over a few pooled SMTP connections, kept open
 * between runs while mail keeps coming (one greeting per connection, not per run). The SMTP client itself
 * runs on a thread of its own (smtp-thread.ts).
 * Failed attempts are retried with exponential backoff (30 s × 2^n, at most 1 h); after 8 the mail is
 * marked failed. Without SMTP settings nothing is sent and mail waits, visible in the console's outbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { JobDefinition } from '../../jobs/job';
import { oneBatchAtATime } from '../../shared/batch-loader';
import { mailSettled, onMailQueued } from './outbox';
import { type ClaimedMail, claimDueMail, markAttemptFailed, markSent } from './outbox-repo';
import { readSmtpSettings, type StoredSmtp } from './smtp-settings';
import { openSmtpTransport, type SmtpTransport } from './smtp-thread';
import { SMTP_TIMEOUTS } from './transport';

/** Sender timing, batching and retry policy. */
export const MAIL_SENDER = {
  intervalMs: 2_000,
  /**
   * How long a claimed row is hidden from other senders, by default (config MAIL_LEASE_S). A batch on a slow
   * SMTP server may outlast it (5 mails a connection at up to SEND_MARGIN_MS each): its lanes stop taking
   * mail SEND_MARGIN_MS before the lease ends, and the rest waits for it (sendBatch).
   */
  leaseMs: 120_000,
  maxAttempts: 8,
  baseBackoffMs: 30_000,
  maxBackoffMs: 3_600_000,
  /** Most mails one run sends, so a long queue does not starve the next run's fresh mail checks. */
  perRun: 200,
  /** Mails claimed (one statement) and sent side by side at a time. */
  batch: 20,
  /** SMTP connections one run keeps open (nodemailer's pool), and mails per connection before a new one. */
  connections: 4,
  messagesPerConnection: 100,
  /**
   * How long the SMTP connections stay open after a run that sent mail, for the next run (ms): longer than
   * the sender's period, so steady mail reuses them; idle, nothing stays connected.
   */
  keepOpenMs: 3_000,
} as const;

/** Wait before the next attempt after `attempts` failed ones (1 → 30 s, 2 → 60 s, …, capped at 1 h). */
export function backoffMs(attempts: number): number {
  return Math.min(MAIL_SENDER.baseBackoffMs * 2 ** Math.max(0, attempts - 1), MAIL_SENDER.maxBackoffMs);
}

/**
 * The longest one send may take before nodemailer gives it up (ms): a new pooled connection's connect and
 * greeting, then a command's silence (transport.ts SMTP_TIMEOUTS). A lane starts no send with less than
 * this left of its batch's lease, so no mail is still being sent when another sender may claim it.
 */
export const SEND_MARGIN_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;

/** What one run did. */
export interface DeliveryReport {
  sent: number;
  failed: number;
  /** True when no SMTP server is set, so nothing was tried. */
  unconfigured: boolean;
}

/** What the sender needs. */
export interface MailSenderDeps {
  db: DbHandle;
  log: FastifyBaseLogger;
  /** How long claimed mail is leased (ms); default MAIL_SENDER.leaseMs (the job passes MAIL_LEASE_S). */
  leaseMs?: number;
}

/**
 * Sends one claimed mail and records its outcome at once: sent (before the caller's lane takes its next
 * mail), or a failed attempt. @returns whether it was sent.
 */
async function sendOne(
  deps: MailSenderDeps,
  transport: SmtpTransport,
  from: string,
  mail: ClaimedMail,
  recordSent: (id: number) => Promise<void>,
): Promise<boolean> {
  const attempts = mail.attempts + 1;
  try {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.body,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.attachment && mail.attachmentName
        ? { attachments: [{ filename: mail.attachmentName, content: mail.attachment }] }
        : {}),
    });
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const final = attempts >= MAIL_SENDER.maxAttempts;
    await markAttemptFailed(
      deps.db.db,
      mail.id,
      attempts,
      error,
      new Date(Date.now() + backoffMs(attempts)),
      final,
    );
    if (final)
      mailSettled(deps.db, { mailId: mail.id, state: 'failed', origin: mail.origin, carries: mail.carries });
    deps.log.warn({ mailId: mail.id, attempts, final, error }, 'mail delivery failed');
    return false;
  }
  await recordSent(mail.id);
  mailSettled(deps.db, { mailId: mail.id, state: 'sent', origin: mail.origin, carries: mail.carries });
  return true;
}

/**
 * Records mails sent, group-committed (shared/batch-loader.ts): the lanes of a batch finish their mails at
 * about the same time, so their records mostly share a statement (on PGlite each statement costs the
 * ingest's thread, issue 36 §2), and a lane still never takes a mail before its last one is recorded.
 */
function sentRecorder(db: DbHandle): (id: number) => Promise<void> {
  const marks = oneBatchAtATime<number, undefined>(async (ids) => {
    await markSent(db, ids);
    return ids.map(() => undefined);
  }, MAIL_SENDER.batch);
  return (id) => marks.load(id);
}

/**
 * Sends a claimed batch over MAIL_SENDER.connections lanes, one per pooled SMTP connection: a lane sends
 * a mail, records it sent (sentRecorder), then takes the next. So a process killed at any instant has handed SMTP at
 * most one mail per connection that it did not record sent (sent again after the lease: the only
 * duplicates a crash makes, push-restart.test.ts). A lane takes no mail once less than SEND_MARGIN_MS is
 * left before `leaseEnd` (epoch ms): those stay leased and are due again when it ends.
 * @returns how many mails were tried and how many of them sent.
 */
async function sendBatch(
  deps: MailSenderDeps,
  transport: SmtpTransport,
  from: string,
  batch: readonly ClaimedMail[],
  leaseEnd: number,
): Promise<{ tried: number; sent: number }> {
  let next = 0;
  let sent = 0;
  const recordSent = sentRecorder(deps.db);
  const lane = async () => {
    while (next < batch.length && Date.now() < leaseEnd - SEND_MARGIN_MS) {
      const mail = batch[next++]!;
      if (await sendOne(deps, transport, from, mail, recordSent)) sent++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_SENDER.connections, batch.length) }, lane));
  return { tried: next, sent };
}

/**
 * Delivers the mail due now (up to MAIL_SENDER.perRun), claimed in batches of MAIL_SENDER.batch and sent
 * side by side over a pool of SMTP connections (sendBatch). Never throws for a failed delivery.
 */
export async function deliverDueMail(deps: MailSenderDeps): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, unconfigured: false };
  const smtp = await readSmtpSettings(deps.db.db);
  if (!smtp) {
    report.unconfigured = true;
    return report;
  }
  let pool: KeptPool | null = null;
  const leaseMs = deps.leaseMs ?? MAIL_SENDER.leaseMs;
  try {
    while (report.sent + report.failed < MAIL_SENDER.perRun) {
      const limit = Math.min(MAIL_SENDER.batch, MAIL_SENDER.perRun - report.sent - report.failed);
      // Taken before the claim, so it ends no later than the lease the database records.
      const leaseEnd = Date.now() + leaseMs;
      const batch = await claimDueMail(deps.db, leaseMs, limit);
      if (batch.length === 0) break;
      pool ??= takePool(smtp);
      const { tried, sent } = await sendBatch(deps, pool.transport, smtp.fromAddress, batch, leaseEnd);
      report.sent += sent;
      report.failed += tried - sent;
      // A short batch took all that was due: a further claim would find nothing. A batch left unsent at
      // its lease's end says SMTP is too slow for another now.
      if (batch.length < limit || tried < batch.length) break;
    }
  } finally {
    if (pool) releasePool(pool);
  }
  return report;
}

/** An SMTP connection pool kept open across runs while mail keeps coming. */
interface KeptPool {
  /** The settings it was made for (JSON). */
  key: string;
  transport: SmtpTransport;
  /** Runs using it now. */
  users: number;
  idle: NodeJS.Timeout | null;
  /** The settings changed: closed once its last run ends. */
  retired: boolean;
}

/**
 * The pool of this process. Under steady alarm mail (issue 36 §2) the sender runs several times a second;
 * a pool per run paid a TCP connection and an SMTP greeting for every one or two mails.
 */
let kept: KeptPool | null = null;

const closePool = (p: KeptPool): void => p.transport.close();

/** The kept pool for `smtp`, made anew when the settings changed (the old one closes when idle). */
function takePool(smtp: StoredSmtp): KeptPool {
  const key = JSON.stringify(smtp);
  if (kept && kept.key !== key) {
    kept.retired = true;
    if (kept.users === 0) {
      if (kept.idle) clearTimeout(kept.idle);
      closePool(kept);
    }
    kept = null;
  }
  if (!kept) {
    const made: KeptPool = {
      key,
      transport: openSmtpTransport(smtp, {
        maxConnections: MAIL_SENDER.connections,
        maxMessages: MAIL_SENDER.messagesPerConnection,
      }),
      users: 0,
      idle: null,
      retired: false,
    };
    kept = made;
  }
  if (kept.idle) clearTimeout(kept.idle);
  kept.idle = null;
  kept.users++;
  return kept;
}

/** Ends a run's use of `p`: closed at once when retired, else after MAIL_SENDER.keepOpenMs unused. */
function releasePool(p: KeptPool): void {
  p.users--;
  if (p.users > 0) return;
  if (p.retired) {
    closePool(p);
    return;
  }
  p.idle = setTimeout(() => {
    if (kept === p) kept = null;
    closePool(p);
  }, MAIL_SENDER.keepOpenMs);
  p.idle.unref();
}

/**
 * The mail sender as a periodic job (jobs/scheduler.ts): every 2 s on one process, and within a second
 * when a process queued mail (main.ts kicks it on `mailQueued`). Every row is leased by the run that claimed it,
 * so a run that overlaps another process's run (after a kick) never sends a mail twice.
 */
export const mailSenderJob: JobDefinition = {
  name: 'mail-sender',
  everyMs: MAIL_SENDER.intervalMs,
  offsetMs: 0,
  run: async (deps) => {
    await deliverDueMail({ db: deps.db, log: deps.log, leaseMs: deps.config.MAIL_LEASE_S * 1000 });
  },
  wakeOn: onMailQueued,
  // Alarm mail comes in batches, one per alarm-push run (issue 36 §2: its mails are handed over together);
  // a quarter second takes a batch whole without adding much to its latency.
  kickCoalesceMs: 250,
  // Woken by mail this process queued, and every row leased by the run that claimed it.
  kicksRunHere: true,
};
