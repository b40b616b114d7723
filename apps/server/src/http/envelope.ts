import type { Envelope } from '@ems/contract/envelope';
import { type MessageKey, translate } from '@ems/contract/messages';
import { Status } from '@ems/contract/status-codes';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './language';

/**
 * A success envelope `{status: 0, msg, data}` with msg in the caller's language (spec §7); `params` fill
 * the message's `{name}` placeholders.
 */
export function ok<T>(
  request: FastifyRequest,
  data: T,
  msgKey: MessageKey = 'common.ok',
  params: Record<string, string | number> = {},
): Envelope<T> {
  return { status: Status.OK, msg: translate(msgKey, requestLanguage(request), params), data };
}
