/** nodemailer transport built from the stored SMTP settings. */
import type { Transporter } from 'nodemailer';
import type { StoredSmtp } from './smtp-settings';

/** Socket timeouts (ms): a dead server fails an attempt quickly instead of holding the sender. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
} as const;

/**
 * A transport for `s`: 'ssl' connects with TLS from the start, 'tls' refuses to send unless STARTTLS
 * succeeds, 'none' speaks plain SMTP (no opportunistic STARTTLS, whose certificate could not be checked).
 * Logs in only when a user name is set. With `pool`, connections are reused and mails sent side by side. nodemailer is loaded on the first send, not at start-up
 * (issue 12 §4: most installations never configure SMTP, and the library costs resident memory).
 */
export async function createSmtpTransport(
  s: StoredSmtp,
  pool?: { maxConnections: number; maxMessages: number },
): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    // A pool keeps its connections open across the mails of one sender run (one handshake per
    // connection, not per mail) and sends up to maxConnections at once.
    ...(pool ? { pool: true, ...pool } : {}),
    host: s.host,
    port: s.port,
    secure: s.security === 'ssl',
    requireTLS: s.security === 'tls',
    ignoreTLS: s.security === 'none',
    auth: s.username ? { user: s.username, pass: s.password ?? '' } : undefined,
    ...SMTP_TIMEOUTS,
  });
}
