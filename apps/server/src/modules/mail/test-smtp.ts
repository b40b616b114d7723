/**
 * Test utility: a real SMTP receiver (npm smtp-server) on a free port of 127.0.0.1 that keeps what it
 * receives and decodes the plain-text mails nodemailer writes (7bit, quoted-printable or base64 body;
 * RFC 2047 subject). No mail parser library is used: these single-part mails need only that much.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One received mail. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The decoded text body. */
  text: string;
  raw: string;
  /** The user name the client logged in with, if it did. */
  user: string | null;
}

/** A running receiver. */
export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** The next mail matching `to` (already received or still to come). */
  waitForMail(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeWords(header: string): string {
  return header.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g,
    (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Splits a raw single-part mail into decoded subject and text. */
export function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n').trimEnd() };
}

/**
 * Starts a receiver on `port` (0: a free one). With `auth`, clients must log in with that user and
 * password (over plain SMTP, as the 'none' security setting speaks).
 */
export async function startTestSmtp(
  opts: { port?: number; auth?: { user: string; pass: string } } = {},
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
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        deliver({ from, to, raw, user: (session.user as string | undefined) ?? null, ...decodeMail(raw) });
        cb();
      });
    },
  });
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
