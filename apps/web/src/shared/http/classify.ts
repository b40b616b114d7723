import { Status } from '@ems/contract/status-codes';

/**
 * What the client does with an answer (spec §8):
 * - ok: body status 0 on HTTP 200, resolve with data;
 * - loggedOut: HTTP 401 or status 1000, offer "sign in again";
 * - tokenInvalid: status 21000, clear the token and reload;
 * - backToRoot: status 30000, go to the site root;
 * - httpError: any other HTTP status but 200, show msg for 3 s and reject;
 * - statusError: any other non-zero status, reject with msg for the caller to show.
 */
export type Outcome = 'ok' | 'loggedOut' | 'tokenInvalid' | 'backToRoot' | 'httpError' | 'statusError';

/** Classifies an answer by its HTTP status and body status (null when the body was not an envelope). */
export function classify(httpStatus: number, bodyStatus: number | null): Outcome {
  // The body status is more precise than HTTP 401, which the server sends for both 1000 and 21000.
  if (bodyStatus === Status.TOKEN_INVALID) return 'tokenInvalid';
  if (bodyStatus === Status.BACK_TO_ROOT) return 'backToRoot';
  if (httpStatus === 401 || bodyStatus === Status.LOGGED_OUT) return 'loggedOut';
  if (httpStatus !== 200) return 'httpError';
  if (bodyStatus !== Status.OK) return 'statusError';
  return 'ok';
}
