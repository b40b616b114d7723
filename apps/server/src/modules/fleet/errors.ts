/** Errors of the fleet calls (sites, groups, devices), each with its catalogue message (spec §8). */
import { Status } from '@ems/contract/status-codes';
import { AppError } from '../../http/errors';

/** Quantity reached upper limit (spec §8/§9): sites, devices or groups of the account. */
export const limitReached = () => new AppError(Status.LIMIT_REACHED, 'common.limitReached');
/** You already own the device (spec §8). */
export const alreadyOwned = () => new AppError(Status.CONFLICT, 'device.alreadyOwned');
/** The device is registered to another account. */
export const heldByOther = () => new AppError(Status.CONFLICT, 'device.heldByOther');
/** Serial number and communication serial number name no device together (also: no such serial number). */
export const pairMismatch = () =>
  new AppError(Status.ILLEGAL_INPUT, 'device.pairMismatch', { data: { field: 'commSerialNumber' } });
/** The caller already has a group of this name. */
export const duplicateGroupName = () =>
  new AppError(Status.ILLEGAL_INPUT, 'group.duplicateName', { data: { field: 'name' } });
/** The default group cannot be deleted. */
export const defaultGroupFixed = () => new AppError(Status.ILLEGAL_INPUT, 'group.defaultFixed');
