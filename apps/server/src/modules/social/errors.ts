/** Errors of the social calls (issue 10), each with its catalogue message (packages/contract messages.ts). */
import { Status } from '@ems/contract/status-codes';
import { AppError } from '../../http/errors';

const input = (key: ConstructorParameters<typeof AppError>[1]) => new AppError(Status.ILLEGAL_INPUT, key);
const conflict = (key: ConstructorParameters<typeof AppError>[1]) => new AppError(Status.CONFLICT, key);

/** Asking yourself as a friend. */
export const askSelf = () => input('social.askSelf');
/** No account has the friend name asked for (see docs/social.md on what this reveals). */
export const unknownName = () => input('social.unknownName');
/** The two are already friends (spec §5: do not add a friend twice). */
export const alreadyFriends = () => conflict('social.alreadyFriends');
/** A request between the two is already pending. */
export const alreadyAsked = () => conflict('social.alreadyAsked');
/** Sharing with someone who is not a friend. */
export const notFriend = () => input('social.notFriend');
/** The site is already shared (pending or accepted) with this friend. */
export const alreadyShared = () => conflict('social.alreadyShared');
/** Confirming a share into a group the caller does not have (spec §5: a group must exist first). */
export const groupRequired = () => input('social.groupRequired');
/** Attaching a station under itself or under one of its own subordinates. */
export const linkSelf = () => input('social.linkSelf');
/** The subordinate already has a pending or accepted attachment. */
export const alreadyLinked = () => conflict('social.alreadyLinked');
/** No pending request of that kind waits for the caller's answer. */
export const noRequest = () => input('social.noRequest');
