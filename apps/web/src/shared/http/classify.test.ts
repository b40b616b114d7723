import { Status } from '@ems/contract/status-codes';
import { describe, expect, it } from 'vitest';
import { classify } from './classify';

describe('classify (spec §8)', () => {
  it('resolves status 0 on HTTP 200', () => {
    expect(classify(200, Status.OK)).toBe('ok');
  });

  it('treats every HTTP status but 200 as a transport error, 401 as signed out, whatever the body', () => {
    expect(classify(401, Status.LOGGED_OUT)).toBe('loggedOut');
    expect(classify(401, null)).toBe('loggedOut');
    expect(classify(401, Status.TOKEN_INVALID)).toBe('loggedOut');
    for (const http of [400, 403, 404, 413, 429, 500, 502, 503]) {
      expect(classify(http, Status.ILLEGAL_INPUT), String(http)).toBe('httpError');
      expect(classify(http, null), String(http)).toBe('httpError');
    }
    // A body status of the session on a non-200 answer is still a transport error (§8 reads HTTP first).
    expect(classify(403, Status.TOKEN_INVALID)).toBe('httpError');
    expect(classify(500, Status.BACK_TO_ROOT)).toBe('httpError');
    expect(classify(500, Status.OK)).toBe('httpError');
  });

  it('on HTTP 200: 1000 signs out, 21000 clears the token, 30000 goes to the root', () => {
    expect(classify(200, Status.LOGGED_OUT)).toBe('loggedOut');
    expect(classify(200, Status.TOKEN_INVALID)).toBe('tokenInvalid');
    expect(classify(200, Status.BACK_TO_ROOT)).toBe('backToRoot');
  });

  it('returns every other body status on HTTP 200 to the caller (business outcomes)', () => {
    for (const status of [
      Status.ILLEGAL_INPUT,
      Status.LOGIN_FAILED,
      Status.ACCOUNT_DISABLED,
      Status.NO_PERMISSION,
      Status.NOT_FOUND,
      Status.CONFLICT,
      Status.OUT_OF_RANGE,
      Status.LIMIT_REACHED,
    ]) {
      expect(classify(200, status), String(status)).toBe('statusError');
    }
    expect(classify(200, null)).toBe('statusError');
  });
});
