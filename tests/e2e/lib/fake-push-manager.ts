/**
 * Stands in for the browser's push service registration in Chromium. A real PushManager.subscribe asks
 * Google's push service (FCM) for an endpoint, which a test machine cannot reach; this replaces
 * subscribe/getSubscription in the page so the subscription carries an endpoint of the test's local
 * push service and keys the test holds (test-push-service.ts `browserKeys`), and records the
 * applicationServerKey the app subscribed with. Everything else is the real thing: the app's panel,
 * the server's encryption and VAPID, the service worker and its notification.
 */
import type { BrowserContext } from '@playwright/test';

/** localStorage key holding the applicationServerKey of the fake subscription (bytes as numbers). */
export const FAKE_SUBSCRIPTION_KEY = 'e2e-push-subscription';

/** Installs the fake in every page of `context`; `endpoint` and `keys` are what subscribe yields. */
export async function fakePushManager(
  context: BrowserContext,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await context.addInitScript(
    ({ sub, storageKey }) => {
      const make = (serverKey: number[]) => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(serverKey).buffer },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(storageKey);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const bytes = Array.from(
          key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array((key as ArrayBufferView).buffer),
        );
        localStorage.setItem(storageKey, JSON.stringify(bytes));
        return make(bytes) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const saved = localStorage.getItem(storageKey);
        return saved ? (make(JSON.parse(saved) as number[]) as unknown as PushSubscription) : null;
      };
    },
    { sub: subscription, storageKey: FAKE_SUBSCRIPTION_KEY },
  );
}
