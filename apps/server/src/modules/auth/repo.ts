/** SQL of sign-in and sessions (tables users, sessions). */
import { and, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** What sign-in needs to know about an account. */
export interface LoginAccount {
  id: number;
  loginName: string;
  passwordHash: string;
  roles: string[];
  disabled: boolean;
}

/** The account with this exact login name, or undefined. */
export async function findLoginAccount(db: Db, loginName: string): Promise<LoginAccount | undefined> {
  const rows = await db
    .select({
      id: users.id,
      loginName: users.loginName,
      passwordHash: users.passwordHash,
      roles: users.roles,
      disabled: users.disabled,
    })
    .from(users)
    .where(eq(users.loginName, loginName));
  return rows[0];
}

/** A new session row; returns its id. */
export async function insertSession(
  db: Db,
  s: { userId: number; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<number> {
  const rows = await db.insert(sessions).values(s).returning({ id: sessions.id });
  return rows[0]!.id;
}

/** Deletes a user's sessions that expired or were revoked before `before` (kept a while for audit). */
export async function deleteDeadSessions(db: Db, userId: number, before: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          lt(sessions.expiresAt, before),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before)),
        ),
      ),
    );
}

/** A session with the parts of its user that every request checks. */
export interface SessionRecord {
  sessionId: number;
  userId: number;
  loginName: string;
  roles: string[];
  disabled: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** The session whose token hashes to `tokenHash` (one unique-index lookup joined to its user). */
export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRecord | undefined> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      loginName: users.loginName,
      roles: users.roles,
      disabled: users.disabled,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return rows[0];
}

/** Marks a session revoked now (a no-op when it already is). */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Revokes every live session of a user, except `keepSessionId` when given (a password change keeps the
 * caller's own). Callers must also call AuthService.forgetUser so cached copies die at once.
 * @returns how many sessions were revoked.
 */
export async function revokeUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
