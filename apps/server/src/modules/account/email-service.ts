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
 * name, another address or a disabled account get the same answer and no mail, so the call can neither
 * mail strangers nor tell which accounts exist.
 * @throws emailAlreadyVerified when that address is verified already; codeTooSoon within 60 s.
 */
export async function resendRegistrationCode(
  db: DbHandle,
  userName: string,
  email: string,
): Promise<CodeSent> {
  const sent = { maskedAddress: maskAddress(email), resendAfterSeconds: CODE_POLICY.resendAfterSeconds };
  const account = await findAccountByLoginName(db.db, userName);
  if (!account || account.disabled || !sameAddress(account.email, email)) return sent;
  if (account.emailVerified) throw emailAlreadyVerified();
  const address = account.email!;
  await db.db.transaction((tx) =>
    mailCode(tx, {
      purpose: 'email_verify',
      address,
      userId: account.id,
      language: languageCodeOf(account.languageId),
    }),
  );
  mailQueued(db);
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
 * used or expired code and for an unknown or disabled account; emailAlreadyVerified when nothing waits.
 */
export async function verifyEmailCode(
  db: DbHandle,
  v: { callerId: number | null; userName?: string | undefined; validCode: string },
): Promise<string> {
  let account: AccountRow | undefined;
  if (v.userName) account = await findAccountByLoginName(db.db, v.userName);
  else if (v.callerId !== null) account = await findAccountById(db.db, v.callerId);
  else throw fieldError('validation.required', 'userName');
  if (!account || account.disabled) throw invalidCode();
  const address = addressToVerify(account, !v.userName);
  if (!address) throw emailAlreadyVerified();
  // Outside a transaction: a wrong try must count even though the call fails.
  await consumeCode(db.db, { purpose: 'email_verify', address, userId: account.id, code: v.validCode });
  await setVerifiedEmail(db.db, account.id, address);
  return address;
}
