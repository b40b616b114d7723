/** SQL of the account flows (table users, sessions). */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Tx } from '../mail/outbox';

type Runner = Tx | Db;

/** What the account flows need to know about a user. */
export interface AccountRow {
  id: number;
  loginName: string;
  email: string | null;
  emailVerified: boolean;
  pendingEmail: string | null;
  languageId: number;
  disabled: boolean;
}

const accountColumns = {
  id: users.id,
  loginName: users.loginName,
  email: users.email,
  emailVerified: users.emailVerified,
  pendingEmail: users.pendingEmail,
  languageId: users.languageId,
  disabled: users.disabled,
};

/** True when a login name equal to `loginName` ignoring case exists (login names are unique that way). */
export async function isLoginNameTaken(db: Runner, loginName: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.loginName}) = lower(${loginName})`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Serialises registrations of one login name (ignoring case) until the transaction ends, so two
 * concurrent "Bob" and "bob" cannot both pass the availability check.
 */
export async function lockLoginName(tx: Tx, loginName: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login:${loginName.toLowerCase()}`}, 0))`,
  );
}

/** The account with this exact login name (as sign-in looks it up), or undefined. */
export async function findAccountByLoginName(db: Runner, loginName: string): Promise<AccountRow | undefined> {
  const rows = await db.select(accountColumns).from(users).where(eq(users.loginName, loginName));
  return rows[0];
}

/** The account with this id, or undefined. */
export async function findAccountById(db: Runner, id: number): Promise<AccountRow | undefined> {
  const rows = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return rows[0];
}

/** A new standard account (usertype 1) with an unverified e-mail. @returns its id. */
export async function insertAccount(
  tx: Runner,
  u: {
    loginName: string;
    nickname: string | null;
    email: string;
    phone: string | null;
    passwordHash: string;
    languageId: number;
    timeZone: string;
  },
): Promise<number> {
  const rows = await tx
    .insert(users)
    .values({ ...u, userName: u.loginName, usertype: 1, emailVerified: false })
    .returning({ id: users.id });
  return rows[0]!.id;
}

/** Remembers the address a code was sent to by user/email/active. */
export async function setPendingEmail(tx: Runner, userId: number, email: string): Promise<void> {
  await tx.update(users).set({ pendingEmail: email }).where(eq(users.id, userId));
}

/** Makes `email` the account's verified e-mail. */
export async function setVerifiedEmail(db: Runner, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email, emailVerified: true, pendingEmail: null }).where(eq(users.id, userId));
}

/** Sets a new password hash and revokes every live session of the user. */
export async function setPasswordRevokingSessions(
  tx: Runner,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
