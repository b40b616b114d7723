import { Status } from '@ems/contract/status-codes';
import { describe, expect, it } from 'vitest';
import { classify } from './classify';

describe('classify (spec §8)', () => {
  it('resolves status 0 on HTTP 200', () => {
    expect(classify(200, Status.OK)).toBe('ok');
  });

  it('offers sign-in again on HTTP 401 or status 1000', () => {
    expect(classify(401, Status.LOGGED_OUT)).toBe('loggedOut');
    expect(classify(401, null)).toBe('loggedOut');
    expect(classify(200, Status.LOGGED_OUT)).toBe('loggedOut');
  });

  it('clears the token on 21000 and goes to the root on 30000, whatever the HTTP status', () => {
    expect(classify(200, Status.TOKEN_INVALID)).toBe('tokenInvalid');
    expect(classify(401, Status.TOKEN_INVALID)).toBe('tokenInvalid');
    expect(classify(403, Status.TOKEN_INVALID)).toBe('tokenInvalid');
    expect(classify(200, Status.BACK_TO_ROOT)).toBe('backToRoot');
  });

  it('shows other HTTP failures and rejects other statuses', () => {
    expect(classify(500, Status.OPERATION_FAILED)).toBe('httpError');
    expect(classify(502, null)).toBe('httpError');
    expect(classify(200, Status.LOGIN_FAILED)).toBe('statusError');
    expect(classify(200, null)).toBe('statusError');
  });
});
