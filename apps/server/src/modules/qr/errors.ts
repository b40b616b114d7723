/** Refusals of QR-code sign-in. */
import { Status } from '@ems/contract/status-codes';
import { AppError } from '../../http/errors';

/** The code is unknown, expired, refused or already used (HTTP 200, status 40400): the desktop makes a new one. */
export const qrExpired = () => new AppError(Status.NOT_FOUND, 'qr.expired');
