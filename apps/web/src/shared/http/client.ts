/**
 * fetch-based client of the owner API (spec §7): every call carries the `token` header and languageId
 * (header `languageid`, plus the query on GET or the body otherwise), GET arrays go as repeated keys,
 * cookies are sent, and a call gives up after REQUEST_TIMEOUT_MS. Answers are `{status,msg,data}`;
 * spec §8 decides what happens to each (classify.ts: HTTP first, then the body status). Resolves with `data`
 * or rejects with ApiError: kind `status` for a business outcome returned to the caller (HTTP 200, non-zero
 * status), `http` for a transport error the client already showed for 3 s.
 */

import { API_PREFIX, LANGUAGE_HEADER, REQUEST_TIMEOUT_MS, TOKEN_HEADER } from '@ems/contract/constants';
import type { Envelope } from '@ems/contract/envelope';
import { currentLanguageId } from '../i18n/current-language';
import { i18n } from '../i18n/i18n';
import { getToken } from '../session/cookies';
import { toastError } from '../ui/feedback';
import { ApiError } from './api-error';
import { classify } from './classify';
import { buildQuery, type QueryParams } from './query-string';
import { dropTokenAndReload, goToRoot, offerSignInAgain } from './session-effects';

/** HTTP methods the owner API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call: `path` is relative to /owner_api; `params` go in the query, `body` as JSON, or `form` as
 * multipart (uploads; languageId then travels in the header only).
 */
export interface RequestOptions {
  params?: QueryParams;
  body?: Record<string, unknown>;
  form?: FormData;
  signal?: AbortSignal;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { status: unknown }).status === 'number'
  );
}

/** Sends the call and returns the parsed envelope (or null when the body was not one), HTTP status too. */
async function send(method: Method, path: string, opts: RequestOptions) {
  const languageId = currentLanguageId();
  const headers: Record<string, string> = {
    [LANGUAGE_HEADER]: String(languageId),
    accept: 'application/json',
  };
  const token = getToken();
  if (token) headers[TOKEN_HEADER] = token;
  const isGet = method === 'GET';
  const query = buildQuery(isGet ? { ...opts.params, languageId } : (opts.params ?? {}));
  let body: string | FormData | undefined;
  if (opts.form) {
    body = opts.form; // fetch sets the multipart boundary itself
  } else if (!isGet) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ ...opts.body, languageId });
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}${query}`, {
      method,
      headers,
      body,
      signal,
      credentials: 'include',
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('timeout', i18n.t('common.errors.timeout'));
    if (opts.signal?.aborted) throw error; // the caller cancelled: let it see its own AbortError
    throw new ApiError('network', i18n.t('common.errors.network'));
  }
  const parsed: unknown = await response.json().catch(() => null);
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    httpStatus: response.status,
    envelope: isEnvelope(parsed) ? parsed : null,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  };
}

/**
 * Calls the API and resolves with `data` and `msg` of a status-0 answer (for calls whose success text
 * the screen shows, e.g. push/test); every other outcome per spec §8.
 */
export async function requestWithMessage<T>(
  method: Method,
  path: string,
  opts: RequestOptions = {},
): Promise<{ data: T; msg: string }> {
  const { httpStatus, envelope, retryAfter } = await send(method, path, opts);
  const status = envelope?.status ?? null;
  const msg = envelope?.msg || '';
  switch (classify(httpStatus, status)) {
    case 'ok':
      return { data: envelope!.data as T, msg };
    case 'loggedOut':
      offerSignInAgain();
      throw new ApiError('session', msg, { status, httpStatus, shown: true });
    case 'tokenInvalid':
      dropTokenAndReload();
      throw new ApiError('session', msg, { status, httpStatus, shown: true });
    case 'backToRoot':
      goToRoot();
      throw new ApiError('session', msg, { status, httpStatus, shown: true });
    case 'httpError': {
      const text = msg || i18n.t('common.errors.generic');
      toastError(text, 3);
      throw new ApiError('http', text, { status, httpStatus, shown: true, data: envelope?.data, retryAfter });
    }
    default:
      throw new ApiError('status', msg, { status, httpStatus, data: envelope?.data });
  }
}

/** Calls the API and resolves with `data` of a status-0 answer; every other outcome per spec §8. */
export async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestWithMessage<T>(method, path, opts)).data;
}

/**
 * Calls the API and returns the envelope as it came, without spec §8's handling of its status
 * (spec §8: "for logout the body is returned as is"). Network failures still reject.
 */
export async function requestEnvelope<T>(
  method: Method,
  path: string,
  opts: RequestOptions = {},
): Promise<Envelope<T | null>> {
  const { httpStatus, envelope } = await send(method, path, opts);
  return envelope ? (envelope as Envelope<T>) : { status: httpStatus, msg: '', data: null };
}

/** Shorthands: `api.get<StationList>('/webpvesc/ajax/station/systemtype/list', { systemType: 6 })`. */
export const api = {
  get: <T>(path: string, params?: QueryParams, signal?: AbortSignal) =>
    request<T>('GET', path, { params, signal }),
  post: <T>(path: string, body?: Record<string, unknown>) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: Record<string, unknown>) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: Record<string, unknown>) => request<T>('DELETE', path, { body }),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, { form }),
};
