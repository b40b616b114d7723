import { createServer } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_NAME } from '../../db/seed/accounts';
import { startJobs } from '../../jobs/scheduler';
import { buildTestApp, type TestApp } from '../../test/helper';
import { get, post } from '../account/test-account';
import { loginAs } from '../auth/test-login';
import { backoffMs, deliverDueMail, MAIL_SENDER, mailSenderJob, SEND_MARGIN_MS } from './sender';
import { startTestSmtp, type TestSmtp } from './test-smtp';

let t: TestApp;
let admin: string;
const log = pino({ level: 'silent' });
const SMTP = '/owner_api/webpvesc/ajax/manage/smtp';
const OUTBOX = '/owner_api/webpvesc/ajax/manage/outbox';
const AUTH = { user: 'mailer@example.com', pass: 'Smtp@Secret1' };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, ADMIN_LOGIN_NAME, 'Admin@Test123');
});
afterAll(async () => t?.close());

/** A port nothing listens on: bound by the OS, then released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const useSmtp = (port: number, password = AUTH.pass) =>
  post(
    t.app,
    SMTP,
    {
      host: '127.0.0.1',
      port,
      security: 'none',
      username: AUTH.user,
      password,
      fromAddress: 'noreply@example.com',
    },
    { token: admin },
  );
const outboxRow = async (to: string) =>
  (
    await t.db.query<{
      state: string;
      attempts: number;
      last_error: string | null;
      wait_s: number;
      sent_at: Date | null;
    }>(
      `SELECT state, attempts, last_error, sent_at, extract(epoch FROM next_attempt_at - now())::int AS wait_s
       FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`,
      [to],
    )
  ).rows[0]!;

describe('retry policy', () => {
  it('backs off 30 s × 2^(n-1), capped at 1 h', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(backoffMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('delivery through a real SMTP server', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp({ auth: AUTH });
  });
  afterAll(async () => smtp?.close());

  it('the console test mail arrives (the sender wakes on the queued mail), in the caller language', async () => {
    expect((await useSmtp(smtp.port)).json().status).toBe(0);
    // The job queue runs the sender; its periodic run is far off, so only "mail queued" wakes it here.
    const sender = await startJobs({ db: t.db, config: t.config, log, queue: t.queue }, [
      { ...mailSenderJob, everyMs: 3_600_000 },
    ]);
    try {
      const arriving = smtp.waitForMail('ops@example.com');
      const res = await post(
        t.app,
        `${SMTP}/test`,
        { to: 'ops@example.com', languageId: 2 },
        { token: admin },
      );
      expect(res.json()).toEqual({ status: 0, msg: '测试邮件已加入发送队列：ops@example.com', data: null });
      const mail = await arriving;
      expect(mail).toMatchObject({
        from: 'noreply@example.com',
        to: ['ops@example.com'],
        user: 'mailer@example.com',
        subject: 'Energy Cloud 测试邮件',
        text: 'SMTP 设置可用：此邮件已成功送达。',
      });
    } finally {
      await sender.stop();
    }
    // The SMTP server has the mail; the job records it as sent right after.
    const outbox = async () => (await get(t.app, OUTBOX, { token: admin })).json().data.rows;
    await expect.poll(async () => (await outbox())[0].state).toBe('sent');
    const rows = await outbox();
    expect(rows[0]).toMatchObject({ to: 'ops@example.com', state: 'sent', attempts: 1, lastError: null });
    expect(rows[0].sentAt).not.toBeNull();
  });

  it('two senders running at once deliver each mail exactly once', async () => {
    await useSmtp(smtp.port);
    const to = Array.from({ length: 6 }, (_, i) => `batch${i}@example.com`);
    for (const address of to) await post(t.app, `${SMTP}/test`, { to: address }, { token: admin });
    const reports = await Promise.all([deliverDueMail({ db: t.db, log }), deliverDueMail({ db: t.db, log })]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    for (const address of to) expect(smtp.received.filter((m) => m.to.includes(address))).toHaveLength(1);
  });

  it('a wrong SMTP password keeps the mail pending with the server error', async () => {
    await useSmtp(smtp.port, 'wrong-password');
    await post(t.app, `${SMTP}/test`, { to: 'auth@example.com' }, { token: admin });
    expect(await deliverDueMail({ db: t.db, log })).toMatchObject({ sent: 0, failed: 1 });
    const row = await outboxRow('auth@example.com');
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/Invalid login|535/);
    // Fixing the settings retries at once, without waiting out the backoff.
    await useSmtp(smtp.port);
    expect(await deliverDueMail({ db: t.db, log })).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.received.some((m) => m.to.includes('auth@example.com'))).toBe(true);
  });
});

describe('a crash duplicates at most one mail per SMTP connection', () => {
  it('a mail SMTP took is recorded sent before its connection hands over the next', async () => {
    // At every mail's data, before the server's 250: how many earlier mails the server took, and how many
    // of those the outbox already calls sent. A process killed then would send the difference again.
    let accepted = 0;
    let worst = 0;
    const smtp = await startTestSmtp({
      auth: AUTH,
      beforeAccept: async () => {
        const took = accepted;
        const { rows } = await t.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM mail_outbox WHERE to_address LIKE 'lane%' AND state = 'sent'",
        );
        worst = Math.max(worst, took - rows[0]!.n);
        accepted++;
      },
    });
    try {
      await useSmtp(smtp.port);
      const to = Array.from({ length: 16 }, (_, i) => `lane${i}@example.com`);
      for (const address of to) await post(t.app, `${SMTP}/test`, { to: address }, { token: admin });
      expect(await deliverDueMail({ db: t.db, log })).toMatchObject({ sent: 16, failed: 0 });
      expect(accepted).toBe(16);
      // The mail being held is not taken yet: at most the other connections' one each is unrecorded.
      expect(worst).toBeLessThanOrEqual(MAIL_SENDER.connections - 1);
    } finally {
      await smtp.close();
    }
  });
});

describe('nothing is lost while the SMTP server is down', () => {
  it('server down → pending with the error and a backoff; server up → delivered', async () => {
    const port = await freePort();
    await useSmtp(port);
    await post(t.app, `${SMTP}/test`, { to: 'later@example.com' }, { token: admin });

    expect(await deliverDueMail({ db: t.db, log })).toMatchObject({ sent: 0, failed: 1 });
    const down = await outboxRow('later@example.com');
    expect(down).toMatchObject({ state: 'pending', attempts: 1, sent_at: null });
    expect(down.last_error).toMatch(/ECONNREFUSED/);
    expect(down.wait_s).toBeGreaterThan(20);
    expect(down.wait_s).toBeLessThanOrEqual(30);
    // Not due yet: a run now leaves it alone.
    expect(await deliverDueMail({ db: t.db, log })).toMatchObject({ sent: 0, failed: 0 });

    const smtp = await startTestSmtp({ port, auth: AUTH });
    try {
      await t.db.query(
        "UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = 'later@example.com'",
      );
      expect(await deliverDueMail({ db: t.db, log })).toMatchObject({ sent: 1, failed: 0 });
      const mail = await smtp.waitForMail('later@example.com');
      expect(mail.subject).toBe('Test mail from Energy Cloud');
      expect(await outboxRow('later@example.com')).toMatchObject({
        state: 'sent',
        attempts: 2,
        last_error: null,
      });
    } finally {
      await smtp.close();
    }
  });

  it(`gives up after ${MAIL_SENDER.maxAttempts} attempts (state failed, kept in the outbox)`, async () => {
    await useSmtp(await freePort());
    await post(t.app, `${SMTP}/test`, { to: 'never@example.com' }, { token: admin });
    await t.db.query(
      `UPDATE mail_outbox SET attempts = ${MAIL_SENDER.maxAttempts - 1} WHERE to_address = 'never@example.com'`,
    );
    await deliverDueMail({ db: t.db, log });
    expect(await outboxRow('never@example.com')).toMatchObject({
      state: 'failed',
      attempts: MAIL_SENDER.maxAttempts,
    });
    await t.db.query("UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = 'never@example.com'");
    expect(await deliverDueMail({ db: t.db, log })).toMatchObject({ sent: 0, failed: 0 });
  });
});

describe('a lease about to end', () => {
  it(`starts no send in its last ${SEND_MARGIN_MS / 1000} s: the mail waits for the lease, then goes out once`, async () => {
    const port = await freePort();
    const smtp = await startTestSmtp({ port, auth: AUTH });
    try {
      await useSmtp(port);
      await post(t.app, `${SMTP}/test`, { to: 'lease-end@example.com' }, { token: admin });

      // Claimed with only the margin leased: a send begun now could outlast the lease and meet a second sender.
      expect(await deliverDueMail({ db: t.db, log, leaseMs: SEND_MARGIN_MS })).toMatchObject({
        sent: 0,
        failed: 0,
      });
      const held = await outboxRow('lease-end@example.com');
      expect(held).toMatchObject({ state: 'pending', attempts: 0, sent_at: null });
      expect(held.wait_s).toBeGreaterThan(SEND_MARGIN_MS / 1000 - 5);
      expect(smtp.received.filter((m) => m.to.includes('lease-end@example.com'))).toHaveLength(0);
      // Hidden from other senders until the lease ends.
      expect(await deliverDueMail({ db: t.db, log })).toMatchObject({ sent: 0, failed: 0 });

      await t.db.query(
        "UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = 'lease-end@example.com'",
      );
      expect(await deliverDueMail({ db: t.db, log, leaseMs: SEND_MARGIN_MS + 60_000 })).toMatchObject({
        sent: 1,
        failed: 0,
      });
      await smtp.waitForMail('lease-end@example.com');
      expect(await outboxRow('lease-end@example.com')).toMatchObject({ state: 'sent', attempts: 1 });
    } finally {
      await smtp.close();
    }
  });
});
