/**
 * E-mail verification codes (spec §5, issue 3 §10): 6 characters of [A-Za-z0-9] from node:crypto, stored
 * only as a SHA-256 bound to purpose and address, case-sensitive, single-use, dead after 10 minutes or 3
 * wrong tries, and at least 60 s between sends to the same purpose and address. Reset tickets are 256-bit
 * random strings kept the same way (purpose password_reset).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { LanguageCode } from '@ems/contract/constants';
import type { Db } from '../../db/client';
import { enqueueMail, type Tx } from '../mail/outbox';
import { codeMail } from '../mail/templates';
import {
  addWrongTry,
  findCode,
  insertCode,
  lockCodeSends,
  retireCodes,
  secondsUntilResend,
  useCode,
  useTicket,
} from './codes-repo';
import { codeExpired, codeTooSoon, invalidCode } from './errors';

/** Code policy of issue 3 §10. */
export const CODE_POLICY = { length: 6, ttlSeconds: 600, maxTries: 3, resendAfterSeconds: 60 } as const;

/**
 * What a code proves: email_verify an address (sent at registration and by user/email/active),
 * password_back the right to reset a password, password_reset the reset ticket traded for it,
 * push_mailbox a receiving mailbox of push (issue 20 §2).
 */
export type CodePurpose = 'email_verify' | 'password_back' | 'password_reset' | 'push_mailbox';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh code: 6 uniformly random letters or digits (randomInt has no modulo bias). */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_POLICY.length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Addresses compare without case (mail systems treat them so); the code itself keeps its case. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** Hex SHA-256 of a code bound to its purpose and address, so a hash is useless for any other pair. */
export function hashCode(purpose: CodePurpose, address: string, code: string): string {
  return createHash('sha256')
    .update(`${purpose}\n${normalizeAddress(address)}\n${code}`)
    .digest('hex');
}

/**
 * Issues a new code for purpose + address (replacing the user's unused ones), inside the caller's transaction so the
 * code row and its mail commit together.
 * @returns the code in clear, for the mail.
 * @throws codeTooSoon (429, Retry-After) within 60 s of the previous send to this purpose and address.
 */
export async function issueCode(
  tx: Tx,
  c: { purpose: CodePurpose; address: string; userId: number | null },
): Promise<string> {
  const address = normalizeAddress(c.address);
  await lockCodeSends(tx, c.purpose, address);
  const wait = await secondsUntilResend(tx, c.purpose, address, CODE_POLICY.resendAfterSeconds);
  if (wait > 0) throw codeTooSoon(wait);
  await retireCodes(tx, { purpose: c.purpose, address, userId: c.userId });
  const code = newCode();
  await insertCode(tx, {
    purpose: c.purpose,
    address,
    userId: c.userId,
    codeHash: hashCode(c.purpose, address, code),
    ttlSeconds: CODE_POLICY.ttlSeconds,
  });
  return code;
}

/**
 * Issues a code (as issueCode) and queues the mail that carries it, in `language`, in the same
 * transaction: the code exists exactly when its mail does. The caller wakes the sender (mailQueued)
 * after the commit.
 * @throws as issueCode.
 */
export async function mailCode(
  tx: Tx,
  c: { purpose: CodePurpose; address: string; userId: number | null; language: LanguageCode },
): Promise<void> {
  const code = await issueCode(tx, c);
  await enqueueMail(tx, codeMail(c.address, code, c.language));
}

/**
 * Checks `code` against the live code of purpose + address + user and uses it up when right. A wrong code
 * costs the live code one of its 3 tries.
 * @throws codeExpired when the code is right but ran out of time (issue 34 item 4: the user is sent to
 *   Resend; only the right code says so, so that a guess learns nothing of an account's codes);
 *   invalidCode when there is no live code or the code is wrong.
 */
export async function consumeCode(
  db: Db | Tx,
  c: { purpose: CodePurpose; address: string; userId: number; code: string },
): Promise<void> {
  const address = normalizeAddress(c.address);
  const key = { purpose: c.purpose, address, userId: c.userId, maxTries: CODE_POLICY.maxTries };
  const live = await findCode(db, key, 'live');
  const given = Buffer.from(hashCode(c.purpose, address, c.code), 'hex');
  if (!live) {
    const expired = await findCode(db, key, 'expired');
    if (expired && timingSafeEqual(given, Buffer.from(expired.codeHash, 'hex'))) throw codeExpired();
    throw invalidCode();
  }
  if (!timingSafeEqual(given, Buffer.from(live.codeHash, 'hex'))) {
    await addWrongTry(db, live.id);
    throw invalidCode();
  }
  if (!(await useCode(db, live.id))) throw invalidCode();
}

/** Reset tickets live as long as codes; they need no try limit (256 random bits). */
const TICKET_PURPOSE: CodePurpose = 'password_reset';

/** Hex SHA-256 of a reset ticket. */
const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Issues a single-use password reset ticket for `userId`. @returns the ticket in clear. */
export async function issueResetTicket(tx: Tx, userId: number): Promise<string> {
  const address = `user:${userId}`;
  await retireCodes(tx, { purpose: TICKET_PURPOSE, address, userId });
  const ticket = randomBytes(32).toString('base64url');
  await insertCode(tx, {
    purpose: TICKET_PURPOSE,
    address,
    userId,
    codeHash: ticketHash(ticket),
    ttlSeconds: CODE_POLICY.ttlSeconds,
  });
  return ticket;
}

/** Uses up `ticket` of `userId`. @throws invalidCode('resetTicket') when it is unknown, used or expired. */
export async function consumeResetTicket(tx: Tx, userId: number, ticket: string): Promise<void> {
  if (!(await useTicket(tx, userId, TICKET_PURPOSE, ticketHash(ticket)))) throw invalidCode('resetTicket');
}
