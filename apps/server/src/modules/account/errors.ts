/** Errors of registration, e-mail codes and password retrieval (spec §8 messages). */
import { Status } from '@ems/contract/status-codes';
import { AppError } from '../../http/errors';

/** 无效验证码: wrong, used or worn-out code (an expired one when wrong too: codeExpired) (and wrong reset ticket), alike for all. */
export const invalidCode = (field = 'validCode') =>
  new AppError(Status.ILLEGAL_INPUT, 'account.invalidCode', { data: { field } });

/** A code for this purpose and address went out less than 60 s ago (HTTP 429 + Retry-After). */
export const codeTooSoon = (seconds: number) =>
  new AppError(Status.TOO_MANY_REQUESTS, 'account.codeTooSoon', {
    params: { seconds },
    headers: { 'retry-after': String(seconds) },
  });

/** The e-mail is already the account's verified e-mail. */
export const emailAlreadyVerified = () =>
  new AppError(Status.ILLEGAL_INPUT, 'account.emailAlreadyVerified', { data: { field: 'email' } });

/** The right code, but more than 10 minutes old: the user asks for a new one (Resend code). */
export const codeExpired = (field = 'validCode') =>
  new AppError(Status.ILLEGAL_INPUT, 'account.codeExpired', { data: { field } });
