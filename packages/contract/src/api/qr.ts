/**
 * QR-code sign-in (spec §7 "QR-code login GET: qrcodeId, tscode, getToken, platform 2"; issue 3 §5).
 * The desktop asks for a code and polls it with its secret tscode; a signed-in phone opens the code's
 * URL, sees which browser asks, and confirms; the desktop then trades the one-time getToken for a session
 * at /auth-redirect.
 */
import { z } from 'zod';
import { safeString } from '../bounds';
import { QR_PLATFORM } from '../constants';
import { languageIdField } from './common';

export const QR_STATES = ['waiting', 'scanned', 'confirmed', 'expired'] as const;
export type QrState = (typeof QR_STATES)[number];
/** Lifetime of a QR code in seconds. */
export const QR_TTL_SECONDS = 120;

/** GET /owner_api/auth/owner/qrcode?platform=2 (public). */
export const QrCreateQuerySchema = z.object({
  platform: z.coerce.number().pipe(z.literal(QR_PLATFORM)),
  languageId: languageIdField,
});
export const QrCodeSchema = z.object({
  qrcodeId: z.string(),
  /** Secret of the asking browser: only it can poll and finish. */
  tscode: z.string(),
  /** What the QR code encodes: the page a signed-in phone opens to confirm. */
  url: z.string(),
  expiresAt: z.string(),
});
/** GET /owner_api/auth/owner/qrcode/state?qrcodeId=&tscode= (public). getToken only once confirmed. */
export const QrStateQuerySchema = z.object({
  qrcodeId: safeString(100).min(8, { error: 'common.illegalInput' }),
  tscode: safeString(200).min(8, { error: 'common.illegalInput' }),
  languageId: languageIdField,
});
export const QrStateSchema = z.object({ state: z.enum(QR_STATES), getToken: z.string().nullable() });
/** GET /owner_api/auth/owner/qrcode/token?getToken= (public, single use) → TokenSchema. */
export const QrTokenQuerySchema = z.object({
  getToken: safeString(200).min(16, { error: 'common.illegalInput' }),
  languageId: languageIdField,
});

/** POST /owner_api/auth/owner/qrcode/scan {qrcodeId} (phone, signed in): marks scanned, tells who asks. */
export const QrScanBodySchema = z.object({
  qrcodeId: safeString(100).min(8, { error: 'common.illegalInput' }),
  languageId: languageIdField,
});
export const QrRequesterSchema = z.object({
  browser: z.string(),
  ip: z.string(),
  requestedAt: z.string(),
  state: z.enum(QR_STATES),
});
/** POST /owner_api/auth/owner/qrcode/confirm {qrcodeId, approve} (phone, signed in). */
export const QrConfirmBodySchema = z.object({
  qrcodeId: safeString(100).min(8, { error: 'common.illegalInput' }),
  approve: z.boolean(),
  languageId: languageIdField,
});
