/**
 * Web Push to the installed web app (issue 20 §4): RFC 8030 delivery, RFC 8291 encryption, RFC 8292
 * VAPID, through the `web-push` package (docs/decisions/0020-web-push-pwa.md). A recipient is one subscribed
 * browser (its subscription id as text). The service worker (apps/web/src/sw/sw.ts) shows the JSON payload
 * `{title, body, url, tag}` as a notification and opens `url` on click.
 */
import { pushLevelOf } from '@ems/contract/api/alarm';
import webpush from 'web-push';
import { alarmLevelOfDelivery, deleteSubscription, subscriptionById, subscriptionsOf } from '../app-repo';
import type { DeliveryToSend, PushChannelImpl } from '../channel';
import { vapidKeys } from '../vapid-keys';
import { postPush, RefusedEndpointError } from '../web-push-transport';

/** How long a push service keeps a message for a browser that is offline: a day, in seconds. */
export const APP_TTL_S = 86_400;
/** Room for the JSON payload: a Web Push record holds 4,096 bytes, less encryption overhead. */
const MAX_PAYLOAD_BYTES = 3_000;

/** What the service worker receives (decrypted). */
export interface AppPayload {
  title: string;
  body: string;
  /** Where a click goes (the station page of the alarm, the report page…). */
  url: string;
  /** One notification per delivery: a repeat of the same replaces it. */
  tag: string;
}

/**
 * The payload of `delivery`: the message's text without its link line (the click opens the link),
 * shortened so the encrypted record fits.
 */
export function appPayload(delivery: Pick<DeliveryToSend, 'id' | 'message'>): AppPayload {
  const { title, text, link } = delivery.message;
  const body = text
    .split('\n')
    .filter((line) => !line.includes(link))
    .join('\n')
    .trim();
  const payload = { title: title.slice(0, 200), body, url: link, tag: `delivery-${delivery.id}` };
  while (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES) {
    payload.body = `${payload.body.slice(0, Math.floor(payload.body.length * 0.8))}…`;
  }
  return payload;
}

const idOf = (recipient: string) => (/^\d{1,9}$/.test(recipient) ? Number(recipient) : null);

export const appChannel: PushChannelImpl = {
  channel: 'app',
  // The VAPID keys exist from the first start on: nothing for an administrator to set up.
  isSetUp: async () => true,
  // Never waits: there is nothing to set up (isSetUp is always true).
  waitsUntilSetUp: false,
  recipients: async ({ db }, userId) =>
    (await subscriptionsOf(db.db, userId)).map((s) => ({
      recipient: String(s.id),
      label: s.agent ?? `App #${s.id}`,
    })),
  label: async ({ db }, recipient) => {
    const id = idOf(recipient);
    const sub = id === null ? null : await subscriptionById(db.db, id);
    return sub?.agent ?? `App #${recipient}`;
  },
  send: async (deps, delivery) => {
    const id = idOf(delivery.recipient);
    const sub = id === null ? null : await subscriptionById(deps.db.db, id);
    // Unsubscribed, dropped, or since taken over by another account on the same browser.
    if (!sub || sub.userId !== delivery.userId) return { status: 'gone', reason: 'push.reason.gone' };
    const keys = await vapidKeys(deps.db);
    const fatal = pushLevelOf(await alarmLevelOfDelivery(deps.db.db, delivery.id)) === 'fatal';
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(appPayload(delivery)),
      {
        vapidDetails: {
          subject: deps.config.WEB_PUSH_SUBJECT,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
        TTL: APP_TTL_S,
        urgency: fatal ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    let answer: Awaited<ReturnType<typeof postPush>>;
    try {
      answer = await postPush(details, deps.config.WEB_PUSH_ALLOW_ORIGINS);
    } catch (err) {
      // The allow-list no longer covers it: it can never be reached again.
      if (!(err instanceof RefusedEndpointError)) throw err;
      await deleteSubscription(deps.db.db, sub.id);
      return { status: 'gone', reason: 'push.badEndpoint' };
    }
    if (answer.status >= 200 && answer.status < 300) return { status: 'sent' };
    // RFC 8030 §7.3: the subscription expired or was removed; it will never accept a message again.
    if (answer.status === 404 || answer.status === 410) {
      await deleteSubscription(deps.db.db, sub.id);
      return { status: 'gone', reason: 'push.reason.gone' };
    }
    // 429 and 5xx are transient; other refusals are kept in the log with the service's words.
    throw new Error(`push service answered ${answer.status} ${answer.body}`.trim().slice(0, 300));
  },
};
