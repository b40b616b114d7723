/**
 * The official account's binding and callback (issue 20 §4, docs/push.md "Official account"):
 * GET push/account (the caller's binding), GET push/account/qrcode and POST push/account/unbind under
 * /owner_api/webpvesc/ajax, and the public server URL the official account calls,
 * /owner_api/push/account/callback. The console's settings are AccountSettingsSchema in push.ts.
 */
import { z } from 'zod';
import { safeString, TEXT_MAX } from '../bounds';
import { API_PREFIX } from '../constants';

/** The official account's server URL (path), entered in its console as "服务器地址(URL)". */
export const ACCOUNT_CALLBACK_PATH = `${API_PREFIX}/push/account/callback`;
/** The public WeChat API, the default API base address. */
export const DEFAULT_ACCOUNT_API_BASE = 'https://api.weixin.qq.com';
/** Seconds a binding QR code (its one-time scene) binds. */
export const ACCOUNT_SCENE_TTL_S = 600;

/** GET push/account: the caller's binding to the official account. */
export const AccountBindingSchema = z.object({
  /** Whether the administrator has set the official account up; without it no QR code can be made. */
  setUp: z.boolean(),
  bound: z.boolean(),
  /** The bound WeChat user, masked (first and last four characters of the openid), or null. */
  account: z.string().nullable(),
  /** ISO time of the binding, or null. */
  boundAt: z.string().nullable(),
});
export type AccountBinding = z.infer<typeof AccountBindingSchema>;

/**
 * Query of the callback, as the official account signs it: `signature` = sha1 of the sorted token,
 * `timestamp` and `nonce`; `echostr` on the GET that verifies the server URL; `openid` (and in safe
 * mode `encrypt_type`, `msg_signature`) on the POSTs of events.
 */
export const AccountCallbackQuerySchema = z.object({
  signature: safeString(64),
  timestamp: safeString(20),
  nonce: safeString(64),
  echostr: safeString(256).optional(),
  openid: safeString(128).optional(),
  encrypt_type: safeString(16).optional(),
  msg_signature: safeString(64).optional(),
});
/** Body of the callback's POST: one event as XML (text/xml), a few hundred bytes. */
export const AccountCallbackBodySchema = safeString(TEXT_MAX);
