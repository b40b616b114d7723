/**
 * Test utility: a real SMTP receiver (npm smtp-server) on a free port of 127.0.0.1 that keeps what it
 * receives, parsed by mailparser (subject, text, HTML alternative, attachments).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/client';
import { writeSmtpSettings } from './smtp-settings';

/** One received mail. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The decoded text body. */
  text: string;
  /** The HTML alternative, when the mail has one. */
  html: string | null;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
  /** The user name the client logged in with, if it did. */
  user: string | null;
  /** When its data ended (ms since the epoch), before it was parsed: the moment SMTP took it. */
  receivedAt: number;
}

/** A running receiver. */
export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** The next mail matching `to` (already received or still to come). */
  waitForMail(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * Starts a receiver on `port` (0: a free one). With `auth`, clients must log in with that user and
 * password (over plain SMTP, as the 'none' security setting speaks). With `beforeAccept`, each mail's
 * data is held until it resolves, before the server answers 250 (the client does not know it sent).
 */
export async function startTestSmtp(
  opts: { port?: number; auth?: { user: string; pass: string }; beforeAccept?: () => Promise<void> } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const taken = new Set<ReceivedMail>();
  const deliver = (mail: ReceivedMail) => {
    received.push(mail);
    const i = waiters.findIndex((w) => mail.to.includes(w.to));
    if (i >= 0) {
      taken.add(mail);
      waiters.splice(i, 1)[0]!.resolve(mail);
    }
  };
  const server = new SMTPServer({
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.auth?.user && auth.password === opts.auth?.pass)
        cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (opts.beforeAccept) await opts.beforeAccept();
        const receivedAt = Date.now();
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        const parsed = await simpleParser(raw);
        deliver({
          from,
          to,
          raw: raw.toString('utf8'),
          user: (session.user as string | undefined) ?? null,
          receivedAt,
          subject: parsed.subject ?? '',
          text: (parsed.text ?? '').replace(/\r\n/g, '\n').trimEnd(),
          html: typeof parsed.html === 'string' ? parsed.html : null,
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            content: a.content,
          })),
        });
        cb();
      });
    },
  });
  // A client that dies mid-mail (a server process killed by a crash test) resets its connection; a real
  // mail server drops that transaction and goes on, and so does this one. Without a listener smtp-server
  // would throw the reset as an uncaught exception in the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    waitForMail(to) {
      const ready = received.find((m) => m.to.includes(to) && !taken.has(m));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiters.push({ to, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts a receiver (as startTestSmtp) and points the platform's SMTP settings in `db` at it: plain SMTP,
 * no login, mail from alarms@ems.example.com.
 */
export async function startTestSmtpFor(db: Db): Promise<TestSmtp> {
  const smtp = await startTestSmtp();
  await writeSmtpSettings(db, {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    username: null,
    fromAddress: 'alarms@ems.example.com',
  });
  return smtp;
}
