/**
 * The thread the SMTP client runs on (issue 36 §2): nodemailer builds each mail's MIME and speaks SMTP in
 * JavaScript, 1.2–2 ms of CPU a mail, which on the server's thread came out of the ingest's (at 1,000 alarm
 * mails a minute, 2.6 points of the push case's 5.7 % loss on PGlite: decision 0033). Here it runs beside
 * it, at a lower CPU priority than the server's threads; smtp-thread.ts holds the other end.
 */
import { parentPort, threadId } from 'node:worker_threads';
import type { Transporter } from 'nodemailer';
import { BACKGROUND_NICENESS, lowerThisThreadPriority } from '../../shared/thread-priority';
import type { SmtpReply, SmtpRequest } from './smtp-messages';
import { createSmtpTransport } from './transport';

if (!parentPort) throw new Error('smtp-worker.ts runs as a worker thread (smtp-thread.ts)');
const port = parentPort;
// Mail can wait a few milliseconds; the ingest's threads should not (shared/thread-priority.ts).
lowerThisThreadPriority(BACKGROUND_NICENESS);
const transports = new Map<number, Promise<Transporter>>();

const reply = (r: SmtpReply) => port.postMessage(r);

port.on('message', (request: SmtpRequest) => {
  switch (request.op) {
    case 'open': {
      const made = createSmtpTransport(request.settings, request.pool);
      made.catch(() => {});
      transports.set(request.transport, made);
      return;
    }
    case 'send': {
      const { call, mail } = request;
      const transport = transports.get(request.transport);
      if (!transport) {
        reply({ call, ok: false, error: 'the SMTP transport is closed' });
        return;
      }
      transport
        .then((t) =>
          t.sendMail({
            ...mail,
            attachments: mail.attachments?.map((a) => ({
              filename: a.filename,
              content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
            })),
          }),
        )
        .then(
          () => reply({ call, ok: true, threadId }),
          (err: unknown) =>
            reply({ call, ok: false, error: err instanceof Error ? err.message : String(err) }),
        );
      return;
    }
    case 'close': {
      const transport = transports.get(request.transport);
      transports.delete(request.transport);
      void transport?.then(
        (t) => t.close(),
        () => {},
      );
      return;
    }
  }
});
