/**
 * Password retrieval (spec §7 user/password/back and user/password/resert; issue 3 §3): a code to the
 * account's verified e-mail, the code traded for a single-use reset ticket, the ticket and a new password
 * (spec §5 rules) for a new hash. Every session of the account ends with the reset.
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
import { mailQueued } from '../mail/outbox';
import { CODE_POLICY, consumeCode, consumeResetTicket, issueResetTicket, mailCode } from './codes';
import { invalidCode, useOtherMethods } from './errors';
import { decryptField, validateForm } from './form';
import { languageCodeOf, maskAddress } from './language-of';
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
 * Without validCode: sends a password_back code to the account's verified e-mail. With it: checks it and
 * answers a reset ticket.
 * @throws useOtherMethods (missing account and account without verified e-mail alike), codeTooSoon,
 * invalidCode.
 */
export async function passwordBack(
  deps: PasswordDeps,
  body: z.output<typeof PasswordBackBodySchema>,
): Promise<PasswordBack> {
  const account = await recoverable(deps.db, body.userName);
  if (body.validCode === undefined) {
    if (!account) throw useOtherMethods();
    await deps.db.db.transaction((tx) =>
      mailCode(tx, {
        purpose: 'password_back',
        address: account.email,
        userId: account.id,
        language: languageCodeOf(account.languageId),
      }),
    );
    mailQueued(deps.db);
    return { maskedAddress: maskAddress(account.email), resendAfterSeconds: CODE_POLICY.resendAfterSeconds };
  }
  if (!account) throw invalidCode();
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
  const account = await findAccountByLoginName(deps.db.db, body.userName);
  if (!account) throw invalidCode('resetTicket');
  const passwordHash = await hashPassword(form.password);
  await deps.db.db.transaction(async (tx) => {
    await consumeResetTicket(tx, account.id, body.resetTicket);
    await setPasswordRevokingSessions(tx, account.id, passwordHash);
  });
  deps.forgetUser(account.id);
}
