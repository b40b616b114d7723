import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS, thisThreadTid } from '../../shared/thread-priority';
import type { StoredSmtp } from './smtp-settings';
import { openSmtpTransport } from './smtp-thread';
import { startTestSmtp, type TestSmtp } from './test-smtp';

describe('SMTP client on a thread of its own (issue 36 §2)', () => {
  let smtp: TestSmtp;
  const settings = (port: number, username: string | null = null): StoredSmtp => ({
    host: '127.0.0.1',
    port,
    security: 'none',
    username,
    password: username ? 'secret' : null,
    fromAddress: 'noreply@example.com',
  });
  beforeAll(async () => {
    smtp = await startTestSmtp({ auth: { user: 'mailer', pass: 'secret' } });
  });
  afterAll(() => smtp?.close());

  it('sends a mail with its HTML and attachment from another thread than the server’s', async () => {
    const transport = openSmtpTransport(settings(smtp.port, 'mailer'), {
      maxConnections: 2,
      maxMessages: 10,
    });
    try {
      const sent = await transport.sendMail({
        from: 'noreply@example.com',
        to: 'owner@example.com',
        subject: '逆变器告警 PB00001',
        text: 'Grid overvoltage',
        html: '<p>Grid overvoltage</p>',
        attachments: [{ filename: 'report.csv', content: new TextEncoder().encode('a,b\n1,2\n') }],
      });
      expect(sent.threadId).not.toBe(threadId);
      const mail = await smtp.waitForMail('owner@example.com');
      expect(mail).toMatchObject({
        subject: '逆变器告警 PB00001',
        user: 'mailer',
        html: '<p>Grid overvoltage</p>',
      });
      expect(mail.text.trim()).toBe('Grid overvoltage');
      expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
        ['report.csv', 'a,b\n1,2\n'],
      ]);
    } finally {
      transport.close();
    }
  });

  it('runs at a lower CPU priority than the server’s thread, so it does not preempt the ingest', async () => {
    const transport = openSmtpTransport(settings(smtp.port, 'mailer'));
    try {
      await transport.sendMail({
        from: 'noreply@example.com',
        to: 'nice@example.com',
        subject: 's',
        text: 't',
      });
    } finally {
      transport.close();
    }
    // Each thread's nice value, as Linux keeps it per thread. A thread starts at its creator's value:
    // under `nice -n 15` both stay at 15. Another test file of this process may have an SMTP thread too.
    const smtpNice = readdirSync('/proc/self/task')
      .filter((tid) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === 'ems-smtp')
      .map((tid) => getPriority(Number(tid)));
    const ownNice = getPriority(thisThreadTid());
    expect(smtpNice.length).toBeGreaterThan(0);
    expect(new Set(smtpNice)).toEqual(new Set([Math.max(BACKGROUND_NICENESS, ownNice)]));
  });

  it("fails with the SMTP client's reason: a refused login, an unreachable server", async () => {
    const wrong = openSmtpTransport({ ...settings(smtp.port, 'mailer'), password: 'wrong' });
    const refused = await wrong
      .sendMail({ from: 'noreply@example.com', to: 'x@example.com', subject: 's', text: 't' })
      .catch((e: Error) => e.message);
    wrong.close();
    expect(refused).toMatch(/Invalid username or password/);
    const nowhere = openSmtpTransport(settings(1));
    const unreachable = await nowhere
      .sendMail({ from: 'noreply@example.com', to: 'x@example.com', subject: 's', text: 't' })
      .catch((e: Error) => e.message);
    nowhere.close();
    expect(unreachable).toMatch(/ECONNREFUSED/);
  });
});
