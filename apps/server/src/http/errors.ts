/**
 * Errors with a stable body status (contract status-codes) and a catalogue message key, thrown from
 * services and mapped to the envelope by the app's error handler (spec §8).
 */
import type { MessageKey } from '@ems/contract/messages';
import { Status, type StatusCode } from '@ems/contract/status-codes';

export class AppError extends Error {
  constructor(
    readonly status: StatusCode,
    readonly msgKey: MessageKey,
    readonly httpStatus = 200,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
    /** `data` of the error envelope, e.g. `{field}` naming the input that failed (spec §5). */
    readonly data: unknown = null,
  ) {
    super(msgKey);
  }
}

/** 无操作权限: the caller may not touch this id. Also used for missing ids so callers cannot probe. */
export const noPermission = () => new AppError(Status.NO_PERMISSION, 'common.noPermission', 403);
export const illegalInput = () => new AppError(Status.ILLEGAL_INPUT, 'common.illegalInput', 400);
/** 非法输入 of one field: `msgKey` names the failed rule, `data.field` the field (HTTP 400, as zod errors). */
export const fieldError = (msgKey: MessageKey, field: string, params: Record<string, string | number> = {}) =>
  new AppError(Status.ILLEGAL_INPUT, msgKey, 400, params, {}, { field });
/** 操作失败 of a call that needed an outside service which did not answer (HTTP 502 Bad Gateway). */
export const upstreamFailed = () => new AppError(Status.OPERATION_FAILED, 'common.operationFailed', 502);
export const notFound = () => new AppError(Status.NOT_FOUND, 'common.notFound', 404);
export const outOfRange = () => new AppError(Status.OUT_OF_RANGE, 'common.outOfRange', 400);
export const loggedOut = () => new AppError(Status.LOGGED_OUT, 'auth.loggedOut', 401);
export const tokenInvalid = () => new AppError(Status.TOKEN_INVALID, 'auth.tokenInvalid', 401);
export const tooManyRequests = (retryAfterS: number) =>
  new AppError(
    Status.TOO_MANY_REQUESTS,
    'common.tooManyRequests',
    429,
    {},
    { 'retry-after': String(retryAfterS) },
  );
