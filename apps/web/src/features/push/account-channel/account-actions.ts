/**
 * GET /owner_api/webpvesc/ajax/push/account/qrcode (a QR code with a one-time scene, 10 minutes; the
 * caller's earlier ones stop binding) and POST push/account/unbind.
 */
import type { AccountQrSchema } from '@ems/contract/api/push';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** What the QR code encodes and when it stops binding (ISO). */
export type AccountQr = z.infer<typeof AccountQrSchema>;

/** Asks for a new binding QR code. */
export function getAccountQr(): Promise<AccountQr> {
  return api.get<AccountQr>('/webpvesc/ajax/push/account/qrcode');
}

/** Unbinds the caller's WeChat user. */
export function unbindAccount(): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/push/account/unbind', {});
}
