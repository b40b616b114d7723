/**
 * Defence in depth behind the contract's bounded fields (issue 6 §3): a request whose query, path
 * parameters or JSON body holds a NUL, another C0 control character or a lone surrogate anywhere, in a
 * key or a value, is refused with 400 非法输入 before validation, whatever the route's schema says.
 */
import { isSafeText } from '@ems/contract/bounds';
import type { FastifyRequest } from 'fastify';
import { illegalInput } from './errors';

/** Nesting deeper than this is refused too: no form of the spec nests more than a few levels. */
const MAX_DEPTH = 32;

/** True when `value` (parsed JSON or query) holds only safe text, at most MAX_DEPTH levels deep. */
export function isSafeValue(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isSafeText(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((v) => isSafeValue(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (!isSafeText(key) || !isSafeValue(v, depth + 1)) return false;
  }
  return true;
}

/** preValidation hook: throws illegalInput (40000, HTTP 200) for unsafe text in query, params or body. */
export async function refuseUnsafeText(request: FastifyRequest): Promise<void> {
  if (!isSafeValue(request.query) || !isSafeValue(request.params) || !isSafeValue(request.body)) {
    throw illegalInput();
  }
}
