/**
 * Password retrieval (spec §7 user/password/back and user/password/resert; issue 3 §3): a code to the
 * account's verified e-mail, the code traded for a single-use reset ticket, the ticket and a new password
 * (spec §5 rules) for a new hash. Every session of the account ends with the reset. Every step answers
 * the same for a missing account, one that cannot recover by e-mail and a real one, after the same work
 * (issue 6 item 8; docs/security.md "Account enumeration").
 */
import {
  type PasswordBackBodySchema,
  type PasswordBackSchema,
  type PasswordResetBodySchema,
  PasswordResetFormSchema,
} from '@ems/contract/api/account';
import type { z } from 'zod';
import type { DbHandle } from '../../db/client';
import { hashPassword } from '../../security/password';
import type { ServerKeyPair } from '../../security/rsa-keys';
import { mailCodeQuietly, rehearseConsumeCode, rehearseMailCode } from './alike';
import { CODE_POLICY, consumeCode, consumeResetTicket, issueResetTicket } from './codes';
import { invalidCode } from './errors';
import { decryptField, validateForm } from './form';
import { languageCodeOf } from './language-of';
import { type AccountRow, findAccountByLoginName, setPasswordRevokingSessions } from './repo';

type PasswordBack = z.infer<typeof PasswordBackSchema>;

/** What retrieval needs: database, key pair, and the session cache's forgetUser (auth service). */
export interface PasswordDeps {
  db: DbHandle;
  keys: () => Promise<ServerKeyPair>;
  forgetUser: (userId: number) => void;
}

/** The account if it can be recovered by e-mail: it exists, is enabled and has a verified e-mail. */
async function recoverable(
  db: DbHandle,
  loginName: string,
): Promise<(AccountRow & { email: string }) | null> {
  const account = await findAccountByLoginName(db.db, loginName);
  if (!account || account.disabled || !account.emailVerified || !account.email) return null;
  return { ...account, email: account.email };
}

/**
 * Without validCode: sends a password_back code to the account's verified e-mail, and answers the same
 * `{resendAfterSeconds}` whether or not it did (no account, no verified e-mail, or a code less than 60 s
 * old). With it: checks it and answers a reset ticket.
 * @throws invalidCode for a wrong, used or expired code and alike for an account that cannot recover.
 */
export async function passwordBack(
  deps: PasswordDeps,
  body: z.output<typeof PasswordBackBodySchema>,
): Promise<PasswordBack> {
  const account = await recoverable(deps.db, body.userName);
  if (body.validCode === undefined) {
    if (account) {
      await mailCodeQuietly(deps.db, {
        purpose: 'password_back',
        address: account.email,
        userId: account.id,
        language: languageCodeOf(account.languageId),
      });
    } else {
      await rehearseMailCode(deps.db, 'password_back', 'en-US');
    }
    return { resendAfterSeconds: CODE_POLICY.resendAfterSeconds };
  }
  if (!account) return rehearseConsumeCode(deps.db, 'password_back', body.validCode);
  await consumeCode(deps.db.db, {
    purpose: 'password_back',
    address: account.email,
    userId: account.id,
    code: body.validCode,
  });
  const resetTicket = await deps.db.db.transaction((tx) => issueResetTicket(tx, account.id));
  return { resetTicket };
}

/**
 * Sets the new password of the ticket's account and ends all its sessions.
 * @throws fieldError (password not encrypted, spec §5 rules), invalidCode('resetTicket').
 */
export async function resetPassword(
  deps: PasswordDeps,
  body: z.output<typeof PasswordResetBodySchema>,
): Promise<void> {
  const keys = await deps.keys();
  const form = validateForm(PasswordResetFormSchema, {
    userName: body.userName,
    password: decryptField(keys, body.password, 'password'),
    confirmPassword: decryptField(keys, body.confirmPassword, 'confirmPassword'),
  });
  // Hashed before the look-up: a missing account costs the same argon2 work as a wrong ticket.
  const passwordHash = await hashPassword(form.password);
  const account = await findAccountByLoginName(deps.db.db, body.userName);
  if (!account) throw invalidCode('resetTicket');
  await deps.db.db.transaction(async (tx) => {
    await consumeResetTicket(tx, account.id, body.resetTicket);
    await setPasswordRevokingSessions(tx, account.id, passwordHash);
  });
  deps.forgetUser(account.id);
}
