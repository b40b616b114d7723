/**
 * Errors with a stable body status (contract status-codes) and a catalogue message key, thrown from
 * services and mapped to the envelope by the app's error handler (spec §8).
 *
 * The body status decides the HTTP status (httpStatusOf): on the spec's calls a business outcome
 * (validation, not found, no operation authority, limits, wrong codes, conflicts) answers HTTP 200 with its
 * status and msg, as the spec's client reads every business outcome from the body; only what never reached
 * the business layer keeps another HTTP status (decision 0031, docs/api/status-codes.md).
 */
import { API_PREFIX } from '@ems/contract/constants';
import type { MessageKey } from '@ems/contract/messages';
import { Status, type StatusCode } from '@ems/contract/status-codes';

/**
 * The body statuses that are not business outcomes, with their HTTP status: a missing or dead session
 * (401), too many requests (429), a server failure (500) and a request stopped at its budget (503).
 */
const TRANSPORT_HTTP: ReadonlyMap<StatusCode, number> = new Map<StatusCode, number>([
  [Status.LOGGED_OUT, 401],
  [Status.TOO_MANY_REQUESTS, 429],
  [Status.OPERATION_FAILED, 500],
  [Status.REQUEST_TIMEOUT, 503],
]);

/**
 * Path prefixes of the spec's calls (§7: `/webpvesc/ajax/...` and `/auth/owner/...` under the owner API
 * prefix): the answers the spec's client reads, where a business outcome is HTTP 200.
 */
export const SPEC_CALL_PREFIXES: readonly string[] = [`${API_PREFIX}/webpvesc/`, `${API_PREFIX}/auth/`];

/**
 * HTTP statuses of business outcomes on a route outside SPEC_CALL_PREFIXES (the official account's
 * callback, called by WeChat's servers, and the OCPP address): their callers read the HTTP status.
 */
const PROTOCOL_HTTP: ReadonlyMap<StatusCode, number> = new Map<StatusCode, number>([
  [Status.TOKEN_INVALID, 401],
  [Status.ILLEGAL_INPUT, 400],
  [Status.OUT_OF_RANGE, 400],
  [Status.NO_PERMISSION, 403],
  [Status.NOT_FOUND, 404],
  [Status.CONFLICT, 409],
  [Status.LIMIT_REACHED, 422],
]);

/** True when `url` (a route's pattern or a request's path) is one of the spec's calls (SPEC_CALL_PREFIXES). */
export function isSpecCall(url: string): boolean {
  return SPEC_CALL_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * HTTP status of an answer with body `status` to a request of route `url`: TRANSPORT_HTTP's when it is
 * not a business outcome; else 200 on the spec's calls (spec §8: the client reads the body), and
 * PROTOCOL_HTTP's elsewhere.
 */
export function httpStatusOf(status: StatusCode, url: string): number {
  const transport = TRANSPORT_HTTP.get(status);
  if (transport !== undefined) return transport;
  return isSpecCall(url) ? 200 : (PROTOCOL_HTTP.get(status) ?? 200);
}

/** Options of an AppError; all optional. */
export interface AppErrorOptions {
  /** Values of the message's `{name}` placeholders. */
  params?: Record<string, string | number>;
  /** Response headers, e.g. Retry-After of a 429. */
  headers?: Record<string, string>;
  /** `data` of the error envelope, e.g. `{field}` naming the input that failed (spec §5). */
  data?: unknown;
  /**
   * HTTP status instead of httpStatusOf's, for answers that are no business outcome: a 5xx of an outside
   * service, or a protocol answer outside the spec's calls (the OCPP address's 426). Never a 4xx for a
   * business outcome of the spec's calls.
   */
  httpStatus?: number;
}

/** A refusal or failure with body `status` and msg `msgKey` (in the caller's language when sent). */
export class AppError extends Error {
  readonly params: Record<string, string | number>;
  readonly headers: Record<string, string>;
  readonly data: unknown;
  /** HTTP status the options named, else undefined: the error handler then asks httpStatusOf. */
  readonly httpStatus: number | undefined;

  constructor(
    readonly status: StatusCode,
    readonly msgKey: MessageKey,
    opts: AppErrorOptions = {},
  ) {
    super(msgKey);
    this.params = opts.params ?? {};
    this.headers = opts.headers ?? {};
    this.data = opts.data ?? null;
    this.httpStatus = opts.httpStatus;
  }
}

/** 无操作权限: the caller may not touch this id. Also used for missing ids so callers cannot probe. */
export const noPermission = () => new AppError(Status.NO_PERMISSION, 'common.noPermission');
export const illegalInput = () => new AppError(Status.ILLEGAL_INPUT, 'common.illegalInput');
/** 非法输入 of one field: `msgKey` names the failed rule, `data.field` the field (as zod errors). */
export const fieldError = (msgKey: MessageKey, field: string, params: Record<string, string | number> = {}) =>
  new AppError(Status.ILLEGAL_INPUT, msgKey, { params, data: { field } });
/** 操作失败 of a call that needed an outside service which did not answer (HTTP 502 Bad Gateway). */
export const upstreamFailed = () =>
  new AppError(Status.OPERATION_FAILED, 'common.operationFailed', { httpStatus: 502 });
export const notFound = () => new AppError(Status.NOT_FOUND, 'common.notFound');
export const outOfRange = () => new AppError(Status.OUT_OF_RANGE, 'common.outOfRange');
/** No session, or a dead one (expired, revoked, account disabled): HTTP 401, the signed-out box. */
export const loggedOut = () => new AppError(Status.LOGGED_OUT, 'auth.loggedOut');
/** A malformed or unknown token: 21000 (HTTP 200 on the spec's calls, so its client clears it and reloads). */
export const tokenInvalid = () => new AppError(Status.TOKEN_INVALID, 'auth.tokenInvalid');
export const tooManyRequests = (retryAfterS: number) =>
  new AppError(Status.TOO_MANY_REQUESTS, 'common.tooManyRequests', {
    headers: { 'retry-after': String(retryAfterS) },
  });
