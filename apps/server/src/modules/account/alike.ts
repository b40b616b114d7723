/**
 * Answers alike for existing and missing accounts (issue 6 item 8, docs/security.md "Account
 * enumeration"): the public code calls do the same database work whether or not there is anyone to mail,
 * and never refuse in a way only a real account could cause (the 60-s resend wait).
 */
import { randomBytes } from 'node:crypto';
import type { LanguageCode } from '@ems/contract/constants';
import type { DbHandle } from '../../db/client';
import { AppError } from '../../http/errors';
import { mailQueued } from '../mail/outbox';
import { type CodePurpose, consumeCode, mailCode } from './codes';

/** Thrown inside a rehearsal's transaction so everything it wrote is rolled back. */
class Rehearsal extends Error {}

/** An address no real mail can have (RFC 2606 `.invalid`), fresh per call so rehearsals never queue up. */
const nobody = () => `${randomBytes(8).toString('hex')}@rehearsal.invalid`;

/**
 * Issues a code and queues its mail as mailCode does, unless one went to this purpose and address less
 * than 60 s ago: then nothing is sent, and the caller answers as if it had been.
 * @returns whether a code went out.
 */
export async function mailCodeQuietly(
  db: DbHandle,
  c: { purpose: CodePurpose; address: string; userId: number; language: LanguageCode },
): Promise<boolean> {
  try {
    await db.db.transaction((tx) => mailCode(tx, c));
  } catch (err) {
    if (err instanceof AppError && err.msgKey === 'account.codeTooSoon') return false;
    throw err;
  }
  mailQueued(db);
  return true;
}

/**
 * The work of mailCodeQuietly for nobody: the same statements (lock, resend check, code row, mail row)
 * on an unused address, rolled back, so a missing account costs what a real one does.
 */
export async function rehearseMailCode(
  db: DbHandle,
  purpose: CodePurpose,
  language: LanguageCode,
): Promise<void> {
  try {
    await db.db.transaction(async (tx) => {
      await mailCode(tx, { purpose, address: nobody(), userId: null, language });
      throw new Rehearsal();
    });
  } catch (err) {
    if (!(err instanceof Rehearsal)) throw err;
  }
}

/**
 * The look-up consumeCode makes, for nobody. Always ends as a wrong code does.
 * @throws invalidCode, as consumeCode for a wrong code.
 */
export async function rehearseConsumeCode(db: DbHandle, purpose: CodePurpose, code: string): Promise<never> {
  await consumeCode(db.db, { purpose, address: nobody(), userId: 0, code });
  throw new Error('unreachable: nobody has a live code');
}
