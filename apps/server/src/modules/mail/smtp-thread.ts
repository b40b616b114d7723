/**
 * The SMTP client on a thread of its own (issue 36 §2): the server's side of smtp-worker.ts. A transport
 * here is a handle on a nodemailer transport (transport.ts) that lives on that thread; the mail sender
 * hands it mails and waits for each outcome, as it did with nodemailer itself. The thread starts with the
 * first transport and does not keep the process alive while no mail is on its way.
 */
import { pendingCalls, startWorker } from '../../shared/worker-calls';
import type { MailToSend, SmtpReply, SmtpRequest } from './smtp-messages';
import type { StoredSmtp } from './smtp-settings';

/** An SMTP transport on the SMTP thread. */
export interface SmtpTransport {
  /**
   * Sends `mail`. @returns the thread that spoke SMTP. @throws Error with nodemailer's message when the
   * server refused it or could not be reached.
   */
  sendMail(mail: MailToSend): Promise<{ threadId: number }>;
  /** Closes its connections once the mails on their way are sent. */
  close(): void;
}

interface Thread {
  post(request: SmtpRequest): void;
  /** Posts a send and resolves with its reply. */
  send(transport: number, mail: MailToSend): Promise<{ threadId: number }>;
}

let thread: Thread | undefined;
let nextTransport = 1;

function startThread(): Thread {
  const worker = startWorker(
    'modules/mail/smtp-worker.js',
    new URL('./smtp-worker-boot.mjs', import.meta.url),
    {
      name: 'ems-smtp',
    },
  );
  const pending = pendingCalls<{ threadId: number }>([worker]);
  const ended = (err: Error) => {
    if (thread === started) thread = undefined;
    pending.rejectAll(err);
  };
  worker.on('error', (err) => ended(new Error(`the SMTP thread failed: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => ended(new Error(`the SMTP thread ended (exit code ${code})`)));
  worker.on('message', (reply: SmtpReply) =>
    pending.settle(
      reply.call,
      reply.ok
        ? { ok: true, value: { threadId: reply.threadId } }
        : { ok: false, error: new Error(reply.error) },
    ),
  );
  const started: Thread = {
    post: (request) => worker.postMessage(request),
    send: (transport, mail) =>
      new Promise((resolve, reject) => {
        const call = pending.add(resolve, reject);
        worker.postMessage({ op: 'send', transport, call, mail } satisfies SmtpRequest);
      }),
  };
  return started;
}

/**
 * Opens a transport for `settings` on the SMTP thread (transport.ts `createSmtpTransport`: its security
 * modes, login and timeouts; with `pool`, pooled connections). Opened again on a new thread if the
 * thread it was opened on ended.
 */
export function openSmtpTransport(
  settings: StoredSmtp,
  pool?: { maxConnections: number; maxMessages: number },
): SmtpTransport {
  const transport = nextTransport++;
  let openedOn: Thread | undefined;
  const current = () => {
    thread ??= startThread();
    if (openedOn !== thread) {
      openedOn = thread;
      thread.post({ op: 'open', transport, settings, pool });
    }
    return thread;
  };
  return {
    sendMail: (mail) => current().send(transport, mail),
    close: () => {
      if (openedOn && openedOn === thread) openedOn.post({ op: 'close', transport });
      openedOn = undefined;
    },
  };
}
