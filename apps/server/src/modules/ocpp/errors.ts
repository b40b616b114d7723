/** Errors of the charger and id-tag calls (issue 22), each with its catalogue message (spec §8). */
import { Status } from '@ems/contract/status-codes';
import { AppError } from '../../http/errors';

/** The site is not a charging site (spec §1 system kind 2). */
export const notChargingSite = () =>
  new AppError(Status.ILLEGAL_INPUT, 'ocpp.notChargingSite', { data: { field: 'stationId' } });
/** A device (charger or other) already has this identity as its serial number. */
export const identityTaken = (identity: string) =>
  new AppError(Status.CONFLICT, 'ocpp.identityTaken', { params: { identity }, data: { field: 'identity' } });
/** The site already has this id tag. */
export const idTagTaken = (idTag: string) =>
  new AppError(Status.CONFLICT, 'ocpp.idTagTaken', { params: { idTag }, data: { field: 'idTag' } });
/** The device named is not an OCPP charger (another device of the caller's site). */
export const notACharger = () =>
  new AppError(Status.ILLEGAL_INPUT, 'ocpp.notACharger', { data: { field: 'deviceId' } });
/** A remote stop names no open session of the charger. */
export const transactionNotOpen = (transactionId: number) =>
  new AppError(Status.ILLEGAL_INPUT, 'ocpp.transactionNotOpen', {
    params: { transactionId },
    data: { field: 'transactionId' },
  });
