/**
 * Accounts created once: the demo owner (README credentials) and the first administrator. Existing
 * accounts are never touched again, so a changed password survives restarts.
 */
import { ADMIN_ROLE } from '@ems/contract/api/admin';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { generatePassword, hashPassword } from '../../security/password';
import type { Db } from '../client';
import { users } from '../schema';

/** The demo owner of the README (test/helper.ts DEMO_OWNER holds the same credentials). */
export const DEMO_ACCOUNT = {
  loginName: 'demo',
  password: 'Demo@2024!',
  userName: 'Demo Owner',
  email: 'demo@example.com',
  timeZone: 'Europe/Berlin',
} as const;

/** Login name of the first administrator. */
export const ADMIN_LOGIN_NAME = 'admin';

type NewUser = typeof users.$inferInsert;

/** Inserts `user` unless its login name exists; true when this call created it. */
async function insertOnce(db: Db, user: Omit<NewUser, 'passwordHash'>, password: string): Promise<boolean> {
  const exists = await db.select({ id: users.id }).from(users).where(eq(users.loginName, user.loginName));
  if (exists.length > 0) return false; // skip the argon2 work on every later start
  const created = await db
    .insert(users)
    .values({ ...user, passwordHash: await hashPassword(password) })
    .onConflictDoNothing({ target: users.loginName })
    .returning({ id: users.id });
  return created.length > 0;
}

/** Creates the demo owner once. */
export async function seedDemoOwner(db: Db): Promise<boolean> {
  return insertOnce(
    db,
    {
      loginName: DEMO_ACCOUNT.loginName,
      userName: DEMO_ACCOUNT.userName,
      email: DEMO_ACCOUNT.email,
      emailVerified: true,
      timeZone: DEMO_ACCOUNT.timeZone,
      usertype: 1,
      languageId: 1,
    },
    DEMO_ACCOUNT.password,
  );
}

/** Writes text to the console (stdout), bypassing the logger on purpose. */
export type ConsoleWriter = (text: string) => void;

/** The once-only banner that shows a generated administrator password. */
export function adminPasswordBanner(password: string): string {
  const lines = [
    'FIRST START: administrator account created',
    `  login name: ${ADMIN_LOGIN_NAME}`,
    `  password:   ${password}`,
    'This password is shown ONCE and never again. Store it now;',
    'sign in at /login/admin and change it. (Set ADMIN_PASSWORD to choose it instead.)',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = `+${'-'.repeat(width + 2)}+`;
  return `\n${bar}\n${lines.map((l) => `| ${l.padEnd(width)} |`).join('\n')}\n${bar}\n\n`;
}

/**
 * Creates the administrator at first start: password config.ADMIN_PASSWORD, else a generated one that
 * is printed once to `out` (never to the log). Later starts change nothing and print nothing.
 */
export async function seedAdministrator(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  out: ConsoleWriter,
): Promise<void> {
  const password = config.ADMIN_PASSWORD ?? generatePassword();
  const created = await insertOnce(
    db,
    {
      loginName: ADMIN_LOGIN_NAME,
      userName: 'Administrator',
      roles: [ADMIN_ROLE],
      timeZone: 'UTC',
      languageId: 1,
    },
    password,
  );
  if (!created) return;
  if (config.ADMIN_PASSWORD) {
    log.info({ loginName: ADMIN_LOGIN_NAME }, 'administrator created with the password from ADMIN_PASSWORD');
    return;
  }
  out(adminPasswordBanner(password));
  log.warn(
    { loginName: ADMIN_LOGIN_NAME },
    'administrator created with a generated password, printed once to stdout above; it will not be shown again',
  );
}
