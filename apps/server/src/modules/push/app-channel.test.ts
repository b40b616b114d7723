/**
 * The app channel end to end (issue 20 §4, §10): a delivery handed to deliver() reaches a local Web Push
 * service as RFC 8030 says, with a VAPID token (RFC 8292) signed by the key of push/app/key for the
 * endpoint's origin, and a payload that opens (RFC 8291) with the subscription's keys only. A 404/410
 * answer drops the subscription and fails the delivery as gone; a 500 is retried; a name that resolves
 * to an internal address is not called, at send time too.
 */
import { Status } from '@ems/contract/status-codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alarms, pushDeliveries } from '../../db/schema';
import type { QueueJob } from '../../jobs/queue';
import { buildAlarm, buildStation, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import type { ChannelDeps, PushMessage } from './channel';
import { deliver } from './deliver';
import {
  type BrowserKeys,
  browserKeys,
  decryptPush,
  type LocalPushService,
  startPushService,
  verifyVapid,
} from './test-push-service';

describe('app channel through a local Web Push service', () => {
  let t: TestApp;
  let push: LocalPushService;
  let deps: ChannelDeps;
  let userId = 0;
  let token = '';
  let publicKey = '';
  let browser: BrowserKeys;
  let subId = 0;

  const message: PushMessage = {
    language: 'en-US',
    title: '[Fatal] F042 at Roof',
    text: 'Site: Roof\nDevice: Inverter 1\nCode: F042\n\nOpen: http://localhost:8080/station?stationId=7&deviceId=9',
    link: 'http://localhost:8080/station?stationId=7&deviceId=9',
    fields: { site: 'Roof', code: 'F042' },
  };

  /** A queued app delivery to `recipient` (the subscription id), as the fan-out makes one. */
  const delivery = async (over: Partial<typeof pushDeliveries.$inferInsert> = {}) => {
    const [row] = await t.db.db
      .insert(pushDeliveries)
      .values({
        dedupeKey: `test:${Math.random()}`,
        userId,
        kind: 'alarm',
        channel: 'app',
        recipient: String(subId),
        message,
        ...over,
      })
      .returning({ id: pushDeliveries.id });
    return row!.id;
  };
  const job = (deliveryId: number, retryCount = 0) =>
    ({ id: `job-${deliveryId}`, data: { deliveryId }, retryCount, retryLimit: 7 }) as QueueJob<{
      deliveryId: number;
    }>;
  const state = async (id: number) =>
    (
      await t.db.db
        .select({
          status: pushDeliveries.status,
          reason: pushDeliveries.reason,
          attempts: pushDeliveries.attempts,
        })
        .from(pushDeliveries)
        .where(eq(pushDeliveries.id, id))
    )[0];
  const subscriptions = async () =>
    (await t.db.query<{ id: number }>('SELECT id FROM push_app_subscriptions WHERE user_id = $1', [userId]))
      .rows;
  const subscribe = async (endpoint: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner_api/webpvesc/ajax/push/app/subscribe',
      headers: { token, languageid: '1' },
      payload: { endpoint, keys: browser.keys },
    });
    expect(res.json()).toMatchObject({ status: Status.OK });
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM push_app_subscriptions WHERE endpoint = $1',
      [endpoint],
    );
    return rows[0]!.id;
  };

  beforeAll(async () => {
    push = await startPushService();
    t = await buildTestApp({ WEB_PUSH_ALLOW_ORIGINS: push.origin });
    deps = { db: t.db, config: t.config, log: t.app.log };
    const user = await buildUser(t.db);
    userId = user.id;
    token = await signIn(t.app, user);
    const key = await t.app.inject({
      url: '/owner_api/webpvesc/ajax/push/app/key?languageId=1',
      headers: { token },
    });
    publicKey = (key.json() as { data: { publicKey: string } }).data.publicKey;
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });
  beforeEach(async () => {
    push.received.length = 0;
    push.answerWith(201);
    browser = browserKeys();
    subId = await subscribe(`${push.origin}/wp/${Math.random().toString(36).slice(2)}`);
  });

  it('delivers a message the push service can authenticate and only the browser can read', async () => {
    const id = await delivery();
    await deliver(deps, job(id));
    expect(await state(id)).toMatchObject({ status: 'sent', attempts: 1, reason: null });
    expect(push.received).toHaveLength(1);
    const req = push.received[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers).toMatchObject({ ttl: '86400', urgency: 'normal', 'content-encoding': 'aes128gcm' });
    const claims = verifyVapid(req.headers.authorization, publicKey);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe(t.config.WEB_PUSH_SUBJECT);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(JSON.parse(decryptPush(req.body, browser))).toEqual({
      title: '[Fatal] F042 at Roof',
      body: 'Site: Roof\nDevice: Inverter 1\nCode: F042',
      url: 'http://localhost:8080/station?stationId=7&deviceId=9',
      tag: `delivery-${id}`,
    });
    // Another browser's keys cannot open it.
    expect(() => decryptPush(req.body, browserKeys())).toThrow();
  });

  it('asks for high urgency when the alarm is fatal', async () => {
    const station = await buildStation(t.db, { ownerId: userId });
    await buildAlarm(t.db, { stationId: station.id, alarmLevel: 5 });
    const [alarm] = await t.db.db
      .select({ id: alarms.id })
      .from(alarms)
      .where(eq(alarms.stationId, station.id));
    const id = await delivery({ stationId: station.id, alarmId: alarm!.id });
    await deliver(deps, job(id));
    expect(await state(id)).toMatchObject({ status: 'sent' });
    expect(push.received[0]!.headers.urgency).toBe('high');
  });

  it.each([410, 404])(
    'drops the subscription the push service answers %i for, failing the delivery as gone',
    async (code) => {
      push.answerWith(code);
      const id = await delivery();
      await deliver(deps, job(id));
      expect(await state(id)).toMatchObject({ status: 'failed', reason: 'push.reason.gone', attempts: 1 });
      expect((await subscriptions()).map((s) => s.id)).not.toContain(subId);
      // A later message to it is not sent anywhere.
      const next = await delivery();
      await deliver(deps, job(next));
      expect(await state(next)).toMatchObject({ status: 'failed', reason: 'push.reason.gone' });
      expect(push.received).toHaveLength(1);
    },
  );

  it.each([500, 429])(
    'retries when the push service answers %i, and fails after the last attempt',
    async (code) => {
      push.answerWith(code);
      const id = await delivery();
      await expect(deliver(deps, job(id))).rejects.toThrow(`push service answered ${code}`);
      expect(await state(id)).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await subscriptions()).map((s) => s.id)).toContain(subId);
      await deliver(deps, job(id, 7));
      expect(await state(id)).toMatchObject({ status: 'failed', attempts: 2 });
      expect((await state(id))!.reason).toContain(`push service answered ${code}`);
      push.answerWith(201);
      const next = await delivery();
      await deliver(deps, job(next));
      expect(await state(next)).toMatchObject({ status: 'sent' });
    },
  );

  it('does not call a name that resolves to an internal address at send time', async () => {
    // Stored as if the name had resolved to a public address when the browser subscribed.
    const port = new URL(push.origin).port;
    await t.db.query('UPDATE push_app_subscriptions SET endpoint = $1 WHERE id = $2', [
      `https://localhost:${port}/wp/rebound`,
      subId,
    ]);
    const id = await delivery();
    await expect(deliver(deps, job(id))).rejects.toThrow('non-public address');
    expect(push.received).toHaveLength(0);
    expect(await state(id)).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('drops a subscription whose origin is no longer allowed, without calling it', async () => {
    await t.db.query('UPDATE push_app_subscriptions SET endpoint = $1 WHERE id = $2', [
      'http://203.0.114.7/wp/plain-http',
      subId,
    ]);
    const id = await delivery();
    await deliver(deps, job(id));
    expect(await state(id)).toMatchObject({ status: 'failed', reason: 'push.badEndpoint' });
    expect((await subscriptions()).map((s) => s.id)).not.toContain(subId);
    expect(push.received).toHaveLength(0);
  });
});
