/**
 * Receiving mailboxes (issue 20 §2, spec §2): the addresses a user's e-mail pushes go to. An address
 * gets a 6-character code (the account codes of spec §5: case-sensitive, 10 minutes, 3 tries, 60 s between
 * sends) and receives pushes only once verified. At most MAX_MAILBOXES per user; the account's own
 * verified e-mail is one of them, listed without being added.
 */
import { MAX_MAILBOXES, type Mailbox } from '@ems/contract/api/push';
import { Status } from '@ems/contract/status-codes';
import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { pushMailboxes, pushRules, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { AppError, fieldError, noPermission } from '../../http/errors';
import { consumeCode, mailCode, normalizeAddress } from '../account/codes';
import { languageCodeOf } from '../account/language-of';
import { mailQueued } from '../mail/outbox';

/** The caller's mailboxes, the account's own verified e-mail first. */
export async function listMailboxes(db: DbHandle, user: SessionUser): Promise<Mailbox[]> {
  const [me] = await db.db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, user.userId));
  const own = me?.email && me.verified ? normalizeAddress(me.email) : null;
  if (own) {
    // The verified account address is a mailbox without a second code.
    await db.db
      .insert(pushMailboxes)
      .values({ userId: user.userId, email: own, verifiedAt: new Date() })
      .onConflictDoNothing();
  }
  const rows = await db.db
    .select()
    .from(pushMailboxes)
    .where(eq(pushMailboxes.userId, user.userId))
    .orderBy(pushMailboxes.id);
  return rows
    .map((r) => ({
      id: r.id,
      email: r.email,
      verified: r.verifiedAt !== null,
      own: r.email === own,
      createdAt: r.createdAt.toISOString(),
    }))
    .sort((a, b) => Number(b.own) - Number(a.own) || a.id - b.id);
}

/**
 * Adds `email` (unverified) and mails it a code in `languageId`'s language; an address already listed
 * but not verified yet gets a new code instead (the screen's "resend").
 * @throws LIMIT_REACHED at MAX_MAILBOXES; push.mailboxExists for an address already verified;
 *   codeTooSoon within 60 s of the last code to it.
 */
export async function addMailbox(
  db: DbHandle,
  user: SessionUser,
  email: string,
  languageId: number,
): Promise<Mailbox> {
  const address = normalizeAddress(email);
  const existing = await listMailboxes(db, user);
  const listed = existing.find((m) => m.email === address);
  if (listed?.verified) throw fieldError('push.mailboxExists', 'email');
  const code = {
    purpose: 'push_mailbox' as const,
    address,
    userId: user.userId,
    language: languageCodeOf(languageId),
  };
  if (listed) {
    await db.db.transaction((tx) => mailCode(tx, code));
    mailQueued(db);
    return listed;
  }
  if (existing.length >= MAX_MAILBOXES) throw new AppError(Status.LIMIT_REACHED, 'common.limitReached');
  const row = await db.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(pushMailboxes)
      .values({ userId: user.userId, email: address })
      .returning();
    await mailCode(tx, code);
    return inserted!;
  });
  mailQueued(db);
  return {
    id: row.id,
    email: row.email,
    verified: false,
    own: false,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's mailbox `id`. @throws noPermission when it is missing or another user's. */
async function ownMailbox(db: DbHandle, user: SessionUser, id: number) {
  const [row] = await db.db
    .select()
    .from(pushMailboxes)
    .where(and(eq(pushMailboxes.id, id), eq(pushMailboxes.userId, user.userId)));
  if (!row) throw noPermission();
  return row;
}

/**
 * Verifies mailbox `id` with the code mailed to it. @throws invalidCode (无效验证码) for a wrong, used or
 * expired code; noPermission for another user's mailbox.
 */
export async function verifyMailbox(
  db: DbHandle,
  user: SessionUser,
  id: number,
  code: string,
): Promise<void> {
  const row = await ownMailbox(db, user, id);
  if (row.verifiedAt) return;
  // Not in one transaction with the update: a wrong code's try must stay counted when consumeCode throws
  // (in a transaction its rollback undid it, and the 3 tries of spec §5 were unlimited: issue 31 item 5).
  await consumeCode(db.db, { purpose: 'push_mailbox', address: row.email, userId: user.userId, code });
  await db.db.update(pushMailboxes).set({ verifiedAt: new Date() }).where(eq(pushMailboxes.id, id));
}

/** Deletes the caller's mailbox `id` and takes it out of their rules. */
export async function deleteMailbox(db: DbHandle, user: SessionUser, id: number): Promise<void> {
  await ownMailbox(db, user, id);
  await db.db.transaction(async (tx) => {
    await tx.delete(pushMailboxes).where(eq(pushMailboxes.id, id));
    await tx
      .update(pushRules)
      .set({ mailboxIds: sql`array_remove(${pushRules.mailboxIds}, ${id}::int)` })
      .where(eq(pushRules.userId, user.userId));
  });
}
