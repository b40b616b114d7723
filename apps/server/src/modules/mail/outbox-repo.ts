/** SQL of the mail outbox: claiming due rows for the sender, recording outcomes, the console's list. */
import type { OutboxMailSchema } from '@ems/contract/api/admin';
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailOrigin } from './outbox';

/** A row the sender holds for one delivery attempt. */
export interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  /** Issue 20: an HTML alternative and one attachment (push messages). */
  html: string | null;
  attachmentName: string | null;
  attachment: Buffer | null;
  attempts: number;
  origin: MailOrigin;
  /** Push deliveries the mail carries (1 unless grouped). */
  carries: number;
}

/**
 * Takes up to `limit` of the oldest due pending mails and leases them for `leaseMs` (their next_attempt_at
 * moves past the lease), so other nodes' senders skip them (FOR UPDATE SKIP LOCKED) while this one sends.
 * A node that dies during the send leaves the rows pending: they are due again when the lease ends, so
 * mail is sent at least once. @returns the mails, oldest first (none when nothing is due).
 */
export async function claimDueMail(db: DbHandle, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
  const { rows } = await db.query<ClaimedMail>(
    `UPDATE mail_outbox SET next_attempt_at = now() + make_interval(secs => $1)
      WHERE id IN (SELECT id FROM mail_outbox
                    WHERE state = 'pending' AND next_attempt_at <= now()
                    ORDER BY next_attempt_at, id LIMIT $2
                    FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address AS "to", subject, body, html, attachment_name AS "attachmentName", attachment,
                attempts, origin, carries`,
    [leaseMs / 1000, limit],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Records delivered mails (claimed by this run, so each attempt is counted once): one statement, prepared,
 * as the sender runs it once per mail (issue 36 §2: on PGlite every statement's parse and plan is taken
 * from the ingest's thread).
 */
export async function markSent(db: DbHandle, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE mail_outbox SET state = 'sent', attempts = attempts + 1, sent_at = $2, last_error = NULL
     WHERE id = ANY($1::int[])`,
    [ids, new Date().toISOString()],
    'mail-mark-sent',
  );
}

/** Records a failed attempt: retried at `nextAttemptAt`, or given up (`failed`) when `final`. */
export async function markAttemptFailed(
  db: Db,
  id: number,
  attempts: number,
  error: string,
  nextAttemptAt: Date,
  final: boolean,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ state: final ? 'failed' : 'pending', attempts, lastError: error, nextAttemptAt })
    .where(eq(mailOutbox.id, id));
}

/** Makes every pending mail due now (after the SMTP settings changed, waiting out a backoff helps nobody). */
export async function makePendingDue(db: Db): Promise<void> {
  await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.state, 'pending'));
}

/** One page of the outbox, newest first; `filterText` matches recipient or subject. */
export async function listOutbox(
  db: Db,
  page: { pageNum: number; pageSize: number; filterText?: string | undefined },
): Promise<{ rows: z.infer<typeof OutboxMailSchema>[]; total: number }> {
  const pattern = page.filterText?.trim() ? `%${page.filterText.trim().replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = pattern ? or(ilike(mailOutbox.to, pattern), ilike(mailOutbox.subject, pattern)) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      body: r.body,
      state: r.state as z.infer<typeof OutboxMailSchema>['state'],
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
    total: totals[0]?.n ?? 0,
  };
}
