/**
 * The app channel's calls (issue 20 §4): the VAPID public key, subscribing this browser, and
 * unsubscribing it. The endpoint must pass the endpoint rule (endpoint-guard.ts); the keys must be what
 * a browser makes (RFC 8291: an uncompressed P-256 point and a 16-byte secret), or no message could be
 * encrypted to them.
 */
import { MAX_APP_SUBSCRIPTIONS } from '@ems/contract/api/push';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { fieldError, noPermission } from '../../http/errors';
import { describeUserAgent } from '../qr/user-agent';
import { deleteOwnSubscription, upsertSubscription } from './app-repo';
import { acceptableEndpoint } from './endpoint-guard';
import { vapidKeys } from './vapid-keys';

/** The public key browsers subscribe with (`applicationServerKey`), base64url. */
export async function appKey(db: DbHandle): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys(db)).publicKey };
}

const decoded = (b64url: string) => Buffer.from(b64url, 'base64url');

/**
 * Stores the caller's subscription (upsert by endpoint; the user agent becomes its label, e.g.
 * "Chrome 131 on Android"); the caller's oldest beyond MAX_APP_SUBSCRIPTIONS are dropped.
 * @throws push.badEndpoint (field endpoint) when the endpoint breaks the rule; illegal input for keys
 * that are not a P-256 point and a 16-byte secret.
 */
export async function subscribeApp(
  deps: { db: DbHandle; config: Config },
  userId: number,
  body: { endpoint: string; keys: { p256dh: string; auth: string } },
  userAgent: string | undefined,
): Promise<void> {
  if (!(await acceptableEndpoint(body.endpoint, deps.config.WEB_PUSH_ALLOW_ORIGINS))) {
    throw fieldError('push.badEndpoint', 'endpoint');
  }
  const point = decoded(body.keys.p256dh);
  if (point.length !== 65 || point[0] !== 0x04) throw fieldError('common.illegalInput', 'keys.p256dh');
  if (decoded(body.keys.auth).length !== 16) throw fieldError('common.illegalInput', 'keys.auth');
  await upsertSubscription(
    deps.db.db,
    userId,
    {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      agent: describeUserAgent(userAgent),
    },
    MAX_APP_SUBSCRIPTIONS,
  );
}

/**
 * Removes the caller's subscription of `endpoint`. @throws no permission when the caller has none
 * (missing and another user's answer alike).
 */
export async function unsubscribeApp(db: DbHandle, userId: number, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(db.db, userId, endpoint))) throw noPermission();
}
