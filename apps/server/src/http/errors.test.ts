import { Status } from '@ems/contract/status-codes';
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from './errors';

const SPEC_CALL = '/owner_api/webpvesc/ajax/station/baseinfo';
const CALLBACK = '/owner_api/push/account/callback';

describe('httpStatusOf (spec §8, decision 0031)', () => {
  it('answers every business outcome of a spec call on HTTP 200', () => {
    for (const status of [
      Status.TOKEN_INVALID,
      Status.BACK_TO_ROOT,
      Status.ILLEGAL_INPUT,
      Status.LOGIN_FAILED,
      Status.ACCOUNT_DISABLED,
      Status.NO_PERMISSION,
      Status.NOT_FOUND,
      Status.CONFLICT,
      Status.OUT_OF_RANGE,
      Status.LIMIT_REACHED,
    ]) {
      expect(httpStatusOf(status, SPEC_CALL), String(status)).toBe(200);
      expect(httpStatusOf(status, '/owner_api/auth/owner/gettoken'), String(status)).toBe(200);
    }
  });

  it('keeps non-200 for what never reached the business layer, on every route', () => {
    for (const url of [SPEC_CALL, CALLBACK]) {
      expect(httpStatusOf(Status.LOGGED_OUT, url)).toBe(401);
      expect(httpStatusOf(Status.TOO_MANY_REQUESTS, url)).toBe(429);
      expect(httpStatusOf(Status.OPERATION_FAILED, url)).toBe(500);
      expect(httpStatusOf(Status.REQUEST_TIMEOUT, url)).toBe(503);
    }
  });

  it('keeps conventional 4xx outside the spec calls, whose callers read HTTP statuses', () => {
    expect(httpStatusOf(Status.NO_PERMISSION, CALLBACK)).toBe(403);
    expect(httpStatusOf(Status.ILLEGAL_INPUT, CALLBACK)).toBe(400);
    expect(httpStatusOf(Status.NOT_FOUND, '/ocpp/CP-1')).toBe(404);
  });
});
