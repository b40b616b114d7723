/**
 * This browser's side of the app channel (issue 20 §4): whether it can receive Web Push, the
 * notification permission, and its PushManager subscription, made with the platform's VAPID key
 * and handed to the server (api.ts). The service worker that receives the messages is src/sw/sw.ts.
 */
import { serviceWorkerRegistration } from '../../../app/service-worker';
import { type AppSubscription, dropAppSubscription, fetchAppKey, saveAppSubscription } from './api';

/**
 * What this browser can do: `unsupported` (no service worker or Push API here, or not a secure
 * context), `denied` (the user blocked notifications for the site), `unsubscribed`, `subscribed`.
 */
export type AppPushState = 'unsupported' | 'denied' | 'unsubscribed' | 'subscribed';

/** Why enabling stopped without an error of the API (those are ApiError). */
export class AppPushError extends Error {
  /** `permission`: notifications were not allowed; `subscribe`: the browser's push service refused. */
  constructor(readonly reason: 'permission' | 'subscribe') {
    super(reason);
  }
}

/** The bytes of a base64url text (a VAPID public key). */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** Whether two keys hold the same bytes (null: the subscription does not say). */
export function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((x, i) => x === b[i]);
}

/** The parts of a PushSubscription the server needs. @throws AppPushError when it lacks its keys. */
export function subscriptionBody(sub: PushSubscriptionJSON): AppSubscription {
  const { endpoint, keys } = sub;
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new AppPushError('subscribe');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** The registration to push to, or null where this browser has no Web Push. */
async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('PushManager' in window) || !('Notification' in window)) return null;
  if (!(await serviceWorkerRegistration())) return null;
  // PushManager.subscribe needs the worker active, which `ready` waits for.
  return navigator.serviceWorker.ready;
}

/** Reads this browser's state. */
export async function readAppPushState(): Promise<AppPushState> {
  const reg = await pushRegistration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const sub = await reg.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'subscribed' : 'unsubscribed';
}

/**
 * Asks for the notification permission, subscribes with the platform's VAPID key (replacing a
 * subscription made with another key) and tells the server. A subscription the server refuses is
 * undone, so browser and server agree. @throws AppPushError, or the API's error.
 */
export async function enableAppPush(): Promise<void> {
  const reg = await pushRegistration();
  if (!reg) throw new AppPushError('subscribe');
  if ((await Notification.requestPermission()) !== 'granted') throw new AppPushError('permission');
  const key = base64UrlBytes(await fetchAppKey());
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  if (!sub) {
    try {
      sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch {
      throw new AppPushError('subscribe');
    }
  }
  try {
    await saveAppSubscription(subscriptionBody(sub.toJSON()));
  } catch (error) {
    await sub.unsubscribe().catch(() => false);
    throw error;
  }
}

/** Ends this browser's subscription on the server, then in the browser. @throws the API's error. */
export async function disableAppPush(): Promise<void> {
  const reg = await pushRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await dropAppSubscription(sub.endpoint);
  await sub.unsubscribe();
}
