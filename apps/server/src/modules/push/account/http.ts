/**
 * Raw calls to the official account's API (WeChat: `{base}/cgi-bin/...`, JSON in and out; an answer
 * with a non-zero `errcode` is an error). Each call has a time limit, so a slow API never holds a
 * delivery job or the token lock (token.ts) for long. URLs carry the access token or the secret: they
 * are never logged or put in an error message.
 */

/** Milliseconds one call may take. */
export const API_TIMEOUT_MS = 10_000;

/** Access token errors: invalid (40001), invalid (40014), expired (42001). One refresh and retry. */
export const TOKEN_ERRORS: ReadonlySet<number> = new Set([40001, 40014, 42001]);
/** The user does not follow the account (43004) or the openid is not this account's (40003): unbound. */
export const UNBOUND_ERRORS: ReadonlySet<number> = new Set([43004, 40003]);

/** An answer of the API with a non-zero errcode (quota 45009/45047, busy -1, and the others). */
export class AccountApiError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    // errmsg is WeChat's own text (with its request id): it names no token or secret.
    super(`official account API error ${errcode}: ${errmsg.slice(0, 200)}`);
  }
}

/** The fields of an API answer this module reads. */
export interface ApiAnswer {
  errcode?: number;
  errmsg?: string;
  [field: string]: unknown;
}

/**
 * Calls `{apiBase}{path}?{query}` with `body` as JSON (POST) or none (GET). @returns the answer, errcode
 * included (the caller decides what an errcode means). @throws on a network error, a timeout, an HTTP
 * status other than 2xx or an answer that is not a JSON object.
 */
export async function apiCall(
  apiBase: string,
  path: string,
  query: Record<string, string>,
  body?: object,
): Promise<ApiAnswer> {
  const url = `${apiBase}${path}?${new URLSearchParams(query).toString()}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new Error(`official account API ${reason} (${path})`);
  }
  if (!res.ok) throw new Error(`official account API answered HTTP ${res.status} (${path})`);
  const answer = (await res.json().catch(() => null)) as unknown;
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) {
    throw new Error(`official account API answered no JSON object (${path})`);
  }
  return answer as ApiAnswer;
}

/** Throws AccountApiError for an answer with a non-zero errcode. */
export function checkAnswer(answer: ApiAnswer): ApiAnswer {
  if (answer.errcode !== undefined && answer.errcode !== 0) {
    throw new AccountApiError(Number(answer.errcode), String(answer.errmsg ?? ''));
  }
  return answer;
}
