/**
 * Transactional outbox of outgoing mail (ARCHITECTURE "nothing is lost"): a request writes its mail row in
 * its own transaction, so the mail exists exactly when the change that caused it was committed; the sender
 * (sender.ts) delivers it later and retries. `mailQueued` wakes this node's sender after the commit;
 * `mailSettled` tells this node's listeners (push metrics) that the sender marked a mail sent or failed.
 */
import type { Db, DbHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createDbSignal } from '../../shared/db-signal';

/** A transaction handle as drizzle's `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One mail: plain text, already in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

/**
 * Adds `mail` to the outbox inside the caller's transaction (pending, due now).
 * @returns the outbox id.
 */
export async function enqueueMail(tx: Tx | Db, mail: MailMessage): Promise<number> {
  const rows = await tx
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, body: mail.body })
    .returning({ id: mailOutbox.id });
  return rows[0]!.id;
}

const queued = createDbSignal();

/** Tells this node's sender that mail was committed to the outbox of `db`, so it delivers at once. */
export function mailQueued(db: DbHandle): void {
  queued.emit(db);
}

/** Calls `wake` after each `mailQueued(db)`. @returns the unsubscribe function. */
export function onMailQueued(db: DbHandle, wake: () => void): () => void {
  return queued.on(db, wake);
}

/** What queued a mail (`mail_outbox.origin`): `push` for a push delivery's e-mail, else null. */
export type MailOrigin = 'push' | null;

/** The final state the sender gave a mail. */
export interface SettledMail {
  mailId: number;
  state: 'sent' | 'failed';
  origin: MailOrigin;
  /** How many push deliveries the mail carries (`mail_outbox.carries`: several for a grouped mail). */
  carries: number;
}

const settled = createDbSignal<SettledMail>();

/** Tells this node's listeners that the sender marked `mail` sent or failed (after the commit). */
export function mailSettled(db: DbHandle, mail: SettledMail): void {
  settled.emit(db, mail);
}

/** Calls `listener` after each `mailSettled(db, …)`. @returns the unsubscribe function. */
export function onMailSettled(db: DbHandle, listener: (mail: SettledMail) => void): () => void {
  return settled.on(db, listener);
}
