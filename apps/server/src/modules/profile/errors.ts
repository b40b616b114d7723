/** Refusals of the personal centre (generic ones live in http/errors.ts). */
import { AVATAR_MAX_BYTES } from '@ems/contract/api/account';
import { Status } from '@ems/contract/status-codes';
import { AppError, fieldError } from '../../http/errors';

/** The password typed to authorise a change is not the account's (40000, data.field names the input). */
export const wrongPassword = (field: 'oldPassword' | 'password') =>
  fieldError('account.wrongPassword', field);
/** The only administrator may not delete their account (nobody could run the console afterwards). */
export const lastAdmin = () => new AppError(Status.NO_PERMISSION, 'account.lastAdmin');
/** The upload is not a PNG, JPEG or WebP image by its content. */
export const imageType = () => fieldError('validation.imageType', 'file');
/** The upload is larger than AVATAR_MAX_BYTES. */
export const imageSize = () => fieldError('validation.imageSize', 'file', { maxKb: AVATAR_MAX_BYTES / 1024 });
