/**
 * Personal-centre rules (issue 3 §7, spec §3 User): profile fields, password change, account deletion,
 * report plans. The avatar lives in avatar.ts.
 */

import {
  type AccountDeleteBodySchema,
  type PasswordEditBodySchema,
  PasswordEditFormSchema,
  type PlansSchema,
  type UserInfoEditBodySchema,
} from '@ems/contract/api/account';
import type { UserInfo } from '@ems/contract/api/auth';
import { SUBSCRIPTION_PLANS } from '@ems/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { fieldError, loggedOut } from '../../http/errors';
import { hashPassword } from '../../security/password';
import { isAdmin } from '../access/require-admin';
import { validateForm } from '../account/form';
import { revokeUserSessions } from '../auth/repo';
import { findPendingOrder } from '../plans/repo';
import { findUserInfo } from '../users/repo';
import { lastAdmin } from './errors';
import type { PasswordChecks } from './passwords';
import { countAdmins, deleteAccountCascade, findAccount, setPasswordHash, updateProfile } from './repo';
import { isIanaTimeZone } from './time-zone';

/** What the personal centre needs: database, password checks, the auth cache's eviction, a logger. */
export interface ProfileDeps {
  db: Db;
  passwords: PasswordChecks;
  /** AuthService.forgetUser: cached sessions of the user die at once. */
  forgetUser(userId: number): void;
  log: FastifyBaseLogger;
}

/** The caller's account; a session whose account is gone counts as signed out. */
async function accountOf(db: Db, user: SessionUser) {
  const account = await findAccount(db, user.userId);
  if (!account) throw loggedOut();
  return account;
}

/**
 * Saves name, nickname, phone and time zone.
 * @returns the updated user (contract UserInfoSchema).
 * @throws fieldError common.illegalInput with data.field 'timeZone' for a zone Intl does not know.
 */
export async function editProfile(
  db: Db,
  user: SessionUser,
  body: z.infer<typeof UserInfoEditBodySchema>,
): Promise<UserInfo> {
  if (!isIanaTimeZone(body.timeZone)) throw fieldError('common.illegalInput', 'timeZone');
  const { userName, nickname, phone, timeZone } = body;
  if (!(await updateProfile(db, user.userId, { userName, nickname, phone, timeZone }))) throw loggedOut();
  return (await findUserInfo(db, user.userId))!;
}

/**
 * Changes the caller's password: the old one must match (account.wrongPassword), the new pair must pass
 * spec §5 (user name = the caller's login name). Every other session of the user ends; the caller's stays.
 */
export async function changePassword(
  deps: ProfileDeps,
  user: SessionUser,
  body: z.infer<typeof PasswordEditBodySchema>,
): Promise<void> {
  const typed = await deps.passwords.decrypt({
    oldPassword: body.oldPassword,
    password: body.password,
    confirmPassword: body.confirmPassword,
  });
  const account = await accountOf(deps.db, user);
  await deps.passwords.verify(account.id, account.passwordHash, typed.oldPassword, 'oldPassword');
  validateForm(PasswordEditFormSchema, { ...typed, userName: account.loginName });
  await setPasswordHash(deps.db, account.id, await hashPassword(typed.password));
  const revoked = await revokeUserSessions(deps.db, account.id, user.sessionId);
  deps.forgetUser(account.id);
  deps.log.info({ userId: account.id, revokedSessions: revoked }, 'password changed');
}

/**
 * Deletes the caller's account with its stations, devices and sessions after the password.
 * @throws wrongPassword (40000, field 'password'), lastAdmin (40300) for the only administrator.
 */
export async function deleteAccount(
  deps: ProfileDeps,
  user: SessionUser,
  body: z.infer<typeof AccountDeleteBodySchema>,
): Promise<void> {
  const { password } = await deps.passwords.decrypt({ password: body.password });
  const account = await accountOf(deps.db, user);
  await deps.passwords.verify(account.id, account.passwordHash, password, 'password');
  if (isAdmin(account) && (await countAdmins(deps.db)) <= 1) throw lastAdmin();
  const stations = await deleteAccountCascade(deps.db, account.id);
  deps.forgetUser(account.id);
  deps.log.info({ userId: account.id, loginName: account.loginName, stations }, 'account deleted');
}

/**
 * Report subscription plans (spec §1, §9) and the caller's plan; a plan whose end has passed is not
 * current (null).
 */
export async function plansOf(
  db: Db,
  user: SessionUser,
  now = new Date(),
): Promise<z.infer<typeof PlansSchema>> {
  const account = await accountOf(db, user);
  const { planMonths, planExpiresAt } = account;
  const pending = await findPendingOrder(db, user.userId);
  const current =
    planMonths !== null && planExpiresAt !== null && planExpiresAt.getTime() > now.getTime()
      ? { months: planMonths, expiresAt: planExpiresAt.toISOString() }
      : null;
  return {
    plans: SUBSCRIPTION_PLANS.map((p) => ({ months: p.months, yuanPerYear: p.yuanPerYear })),
    current,
    usertype: account.usertype,
    pendingOrder: pending
      ? {
          id: pending.id,
          months: pending.months,
          amountYuan: pending.amountYuan,
          createdAt: pending.createdAt,
        }
      : null,
  };
}
