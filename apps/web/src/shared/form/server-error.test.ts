import { beforeAll, describe, expect, it } from 'vitest';
import { InsecureContextError } from '../crypto/encrypt-password';
import { ApiError, errorText } from '../http/api-error';
import { startI18n } from '../i18n/i18n';
import { inlineErrorText } from './server-error';

const HTTPS_HINT =
  'Passwords are encrypted in the browser, which needs a secure connection (https). Open the platform over https or on localhost.';

describe('texts of a failed action', () => {
  beforeAll(() => startI18n());

  it("prefers the server's msg, else the fallback", () => {
    expect(errorText(new ApiError('status', 'Name taken'), 'Failed')).toBe('Name taken');
    expect(errorText(new Error('boom'), 'Failed')).toBe('Failed');
    expect(inlineErrorText(new ApiError('status', ''), 'Failed')).toBe('Failed');
  });

  it('says nothing inline for a session end or no error', () => {
    expect(inlineErrorText(new ApiError('session', 'Signed out'), 'Failed')).toBeNull();
    expect(inlineErrorText(null, 'Failed')).toBeNull();
  });

  it('asks for https when a password could not be encrypted', () => {
    expect(errorText(new InsecureContextError(), 'Failed')).toBe(HTTPS_HINT);
    expect(inlineErrorText(new InsecureContextError(), 'Failed')).toBe(HTTPS_HINT);
  });
});
