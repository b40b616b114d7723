/** Sign-in errors (spec §8 "login failure shows the server msg"); generic ones live in http/errors.ts. */
import { Status } from '@ems/contract/status-codes';
import { AppError } from '../../http/errors';

/** Wrong user name or password, alike for both so callers cannot probe for accounts (HTTP 200). */
export const loginFailed = () => new AppError(Status.LOGIN_FAILED, 'auth.loginFailed');
/** Right password, but an administrator disabled the account. */
export const accountDisabled = () => new AppError(Status.ACCOUNT_DISABLED, 'auth.accountDisabled');
/** The password was not an RSA-OAEP ciphertext for the server's key (HTTP 200, status 40000). */
export const passwordNotEncrypted = () => new AppError(Status.ILLEGAL_INPUT, 'auth.passwordNotEncrypted');
