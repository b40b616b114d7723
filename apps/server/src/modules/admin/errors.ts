/** Refusals of the administrator console (generic ones live in http/errors.ts). */
import { Status } from '@ems/contract/status-codes';
import { AppError } from '../../http/errors';

/** An administrator tried to disable their own account (they would lock themself out). */
export const selfDisable = () => new AppError(Status.NO_PERMISSION, 'admin.selfDisable');
/** (dictType, dictValue) is unique: another item of the type has this value. */
export const dictionaryDuplicate = () => new AppError(Status.ILLEGAL_INPUT, 'admin.dictionaryDuplicate');
