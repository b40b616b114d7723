/**
 * E-mail states (spec §4: unverified → verified; spec §7 user/email/active and user/email/verify).
 * active sends a code to an address the caller wants as e-mail (kept as pending_email until verified);
 * verify checks the code: signed in, for the pending (or still unverified) address; right after
 * registration, without a session, by user name for the address given at registration.
 */
import type { CodeSentSchema } from '@ems/contract/api/account';
import type { z } from 'zod';
import type { DbHandle } from '../../db/client';
import { fieldError } from '../../http/errors';
import { mailQueued } from '../mail/outbox';
import { mailCodeQuietly, rehearseConsumeCode, rehearseMailCode } from './alike';
import { CODE_POLICY, consumeCode, mailCode, normalizeAddress } from './codes';
import { emailAlreadyVerified, invalidCode } from './errors';
import { languageCodeOf, maskAddress } from './language-of';
import {
  type AccountRow,
  findAccountById,
  findAccountByLoginName,
  setPendingEmail,
  setVerifiedEmail,
} from './repo';

type CodeSent = z.infer<typeof CodeSentSchema>;

const sameAddress = (a: string | null, b: string) =>
  a !== null && normalizeAddress(a) === normalizeAddress(b);

/**
 * Sends a code to `email` for the signed-in `userId`, in the account's language.
 * @throws emailAlreadyVerified when it is already the account's verified e-mail; codeTooSoon within 60 s.
 */
export async function sendActivationCode(db: DbHandle, userId: number, email: string): Promise<CodeSent> {
  const account = await findAccountById(db.db, userId);
  if (!account) throw invalidCode('email');
  if (account.emailVerified && sameAddress(account.email, email)) throw emailAlreadyVerified();
  await db.db.transaction(async (tx) => {
    await mailCode(tx, {
      purpose: 'email_verify',
      address: email,
      userId,
      language: languageCodeOf(account.languageId),
    });
    await setPendingEmail(tx, userId, email);
  });
  mailQueued(db);
  return { maskedAddress: maskAddress(email), resendAfterSeconds: CODE_POLICY.resendAfterSeconds };
}

/**
 * Sends the registration code again without a session (the verify step right after registering): only
 * to the unverified e-mail the account `userName` registered with, in the account's language. An unknown
 * name, another address, a disabled account, an address already verified and a code less than 60 s old
 * all get the same answer after the same work, and no mail, so the call can neither mail strangers nor
 * tell which accounts and addresses exist (issue 6 item 8).
 */
export async function resendRegistrationCode(
  db: DbHandle,
  userName: string,
  email: string,
): Promise<CodeSent> {
  const sent = { maskedAddress: maskAddress(email), resendAfterSeconds: CODE_POLICY.resendAfterSeconds };
  const account = await findAccountByLoginName(db.db, userName);
  if (account && !account.disabled && !account.emailVerified && sameAddress(account.email, email)) {
    await mailCodeQuietly(db, {
      purpose: 'email_verify',
      address: account.email!,
      userId: account.id,
      language: languageCodeOf(account.languageId),
    });
  } else {
    await rehearseMailCode(db, 'email_verify', 'en-US');
  }
  return sent;
}

/**
 * The address a verify call proves: for the signed-in owner the pending one, else (and by user name
 * only) the account's e-mail while unverified.
 */
function addressToVerify(account: AccountRow, asOwner: boolean): string | null {
  if (asOwner && account.pendingEmail) return account.pendingEmail;
  if (account.email && !account.emailVerified) return account.email;
  return null;
}

/**
 * Verifies a code: for the account named `userName` (right after registering, whoever is signed in),
 * else for the signed-in `callerId`.
 * @returns the now verified address.
 * @throws fieldError(validation.required, userName) without session and name; invalidCode for a wrong,
 * used or expired code, and by name alike for an unknown or disabled account or one with nothing to
 * verify (issue 6 item 8); signed in, emailAlreadyVerified when nothing waits (the caller's own account).
 */
export async function verifyEmailCode(
  db: DbHandle,
  v: { callerId: number | null; userName?: string | undefined; validCode: string },
): Promise<string> {
  let account: AccountRow | undefined;
  if (v.userName) account = await findAccountByLoginName(db.db, v.userName);
  else if (v.callerId !== null) account = await findAccountById(db.db, v.callerId);
  else throw fieldError('validation.required', 'userName');
  const address = account && !account.disabled ? addressToVerify(account, !v.userName) : null;
  if (!account || account.disabled || (v.userName && !address)) {
    return rehearseConsumeCode(db, 'email_verify', v.validCode);
  }
  if (!address) throw emailAlreadyVerified();
  // Outside a transaction: a wrong try must count even though the call fails.
  await consumeCode(db.db, { purpose: 'email_verify', address, userId: account.id, code: v.validCode });
  await setVerifiedEmail(db.db, account.id, address);
  return address;
}
