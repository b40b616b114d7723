/**
 * What the server's thread and the SMTP thread (smtp-worker.ts) send each other (smtp-thread.ts): a
 * transport is opened with the stored settings under a number the server's side hands out, then mails are
 * sent through it, each call answered by the `call` it carried.
 */
import type { StoredSmtp } from './smtp-settings';

/** One mail as the sender hands it over; an attachment's bytes cross by structured clone. */
export interface MailToSend {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Uint8Array }[];
}

/** A request to the SMTP thread. */
export type SmtpRequest =
  | {
      op: 'open';
      transport: number;
      settings: StoredSmtp;
      pool?: { maxConnections: number; maxMessages: number };
    }
  | { op: 'send'; transport: number; call: number; mail: MailToSend }
  | { op: 'close'; transport: number };

/** The answer to a `send`: sent (with the thread that spoke SMTP), or why not. */
export type SmtpReply =
  | { call: number; ok: true; threadId: number }
  | { call: number; ok: false; error: string };
