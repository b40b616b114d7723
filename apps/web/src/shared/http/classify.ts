import { Status } from '@ems/contract/status-codes';

/**
 * What the client does with an answer, exactly as spec §8 says, in its order:
 * - any HTTP status but 200 is a transport error: `loggedOut` for 401 (the signed-out confirm box),
 *   else `httpError` (its message shows for 3 s, and the call rejects);
 * - on HTTP 200 the body decides: 0 `ok` (resolve with data), 1000 `loggedOut`, 21000 `tokenInvalid`
 *   (clear the token, reload), 30000 `backToRoot` (the site root), any other `statusError`: returned to
 *   the caller with its msg (the server's business outcomes: validation, no operation authority, …).
 */
export type Outcome = 'ok' | 'loggedOut' | 'tokenInvalid' | 'backToRoot' | 'httpError' | 'statusError';

/** Classifies an answer by its HTTP status and body status (null when the body was not an envelope). */
export function classify(httpStatus: number, bodyStatus: number | null): Outcome {
  if (httpStatus !== 200) return httpStatus === 401 ? 'loggedOut' : 'httpError';
  switch (bodyStatus) {
    case Status.OK:
      return 'ok';
    case Status.LOGGED_OUT:
      return 'loggedOut';
    case Status.TOKEN_INVALID:
      return 'tokenInvalid';
    case Status.BACK_TO_ROOT:
      return 'backToRoot';
    default:
      return 'statusError';
  }
}
