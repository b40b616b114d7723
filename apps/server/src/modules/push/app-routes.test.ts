/**
 * The app channel's calls (issue 20 §4): push/app/key, push/app/subscribe, push/app/unsubscribe, on the
 * real server. The endpoint rule (SSRF): https on public addresses only, unless the origin is listed in
 * WEB_PUSH_ALLOW_ORIGINS; only the caller's own subscription can be removed.
 */
import { MAX_APP_SUBSCRIPTIONS } from '@ems/contract/api/push';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { browserKeys } from './test-push-service';
import { loadOrCreateVapidKeys, VAPID_SETTING } from './vapid-keys';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** An origin the test lists: a push service on loopback, over plain http. */
const LISTED = 'http://127.0.0.1:9';

describe('push/app calls (issue 20 §4)', () => {
  let t: TestApp;
  const tok = { alice: '', bob: '' };
  const ids = { alice: 0, bob: 0 };

  const call = async (who: keyof typeof tok, method: 'GET' | 'POST', path: string, body?: object) => {
    const res = await t.app.inject({
      method,
      url: `/owner_api/webpvesc/ajax/push/app/${path}`,
      headers: { token: tok[who], languageid: '1', 'user-agent': ANDROID_CHROME },
      ...(body ? { payload: body } : {}),
    });
    return res.json() as { status: number; msg: string; data: unknown };
  };
  const subscribe = (who: keyof typeof tok, endpoint: string, keys = browserKeys().keys) =>
    call(who, 'POST', 'subscribe', { endpoint, keys });
  const stored = async (userId?: number) =>
    (
      await t.db.query<{ endpoint: string; agent: string; p256dh: string }>(
        `SELECT endpoint, agent, p256dh FROM push_app_subscriptions ${userId ? 'WHERE user_id = $1' : ''} ORDER BY id`,
        userId ? [userId] : [],
      )
    ).rows;

  beforeAll(async () => {
    t = await buildTestApp({ WEB_PUSH_ALLOW_ORIGINS: `${LISTED}, https://push.internal.example:8443` });
    const [alice, bob] = [await buildUser(t.db), await buildUser(t.db)];
    Object.assign(ids, { alice: alice.id, bob: bob.id });
    [tok.alice, tok.bob] = await Promise.all([signIn(t.app, alice), signIn(t.app, bob)]);
  });
  afterAll(() => t.close());

  it('answers the VAPID public key made at first start, the same on every call and start', async () => {
    const stored = await t.db.query<{ value: { publicKey: string } }>(
      'SELECT value FROM settings WHERE key = $1',
      [VAPID_SETTING],
    );
    const key = (await call('alice', 'GET', 'key?languageId=1')).data as { publicKey: string };
    expect(key.publicKey).toBe(stored.rows[0]!.value.publicKey);
    // An uncompressed P-256 point, as PushManager.subscribe's applicationServerKey takes it.
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);
    expect((await call('bob', 'GET', 'key?languageId=1')).data).toEqual(key);
    expect((await loadOrCreateVapidKeys(t.db.db)).publicKey).toBe(key.publicKey);
  });

  it('stores a subscription on a public https address, labelled with the browser, upserted by endpoint', async () => {
    const endpoint = 'https://203.0.114.7/wp/alice-phone';
    expect(await subscribe('alice', endpoint)).toMatchObject({ status: Status.OK });
    const again = browserKeys().keys;
    expect(await subscribe('alice', endpoint, again)).toMatchObject({ status: Status.OK });
    expect(await stored(ids.alice)).toEqual([
      { endpoint, agent: 'Chrome 131 on Android', p256dh: again.p256dh },
    ]);
    expect((await subscribe('alice', 'https://[2a00:1450:4001::200e]/wp/x')).status).toBe(Status.OK);
  });

  it.each([
    ['plain http', 'http://203.0.114.7/wp/x'],
    ['loopback', 'https://127.0.0.1/wp/x'],
    ['loopback, short form', 'https://127.1/wp/x'],
    ['private 10/8', 'https://10.1.2.3/wp/x'],
    ['private 192.168/16', 'https://192.168.1.20:8443/wp/x'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest'],
    ['CGNAT', 'https://100.64.0.1/wp/x'],
    ['multicast', 'https://224.0.0.1/wp/x'],
    ['IPv6 loopback', 'https://[::1]/wp/x'],
    ['IPv6 unique-local', 'https://[fd12:3456::1]/wp/x'],
    ['IPv6 link-local', 'https://[fe80::1]/wp/x'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/wp/x'],
    ['a name resolving to loopback', 'https://localhost/wp/x'],
    ['credentials in the URL', 'https://user:pw@203.0.114.7/wp/x'],
    ['a listed host on another port', 'http://127.0.0.1:10/wp/x'],
  ])('refuses an endpoint on %s with push.badEndpoint, storing nothing', async (_name, endpoint) => {
    const before = await stored();
    const answer = await subscribe('bob', endpoint);
    expect(answer).toMatchObject({
      status: Status.ILLEGAL_INPUT,
      msg: 'This browser’s push address is not accepted',
      data: { field: 'endpoint' },
    });
    expect(await stored()).toEqual(before);
  });

  it('accepts an endpoint whose origin is listed in WEB_PUSH_ALLOW_ORIGINS, http and loopback included', async () => {
    expect((await subscribe('bob', `${LISTED}/wp/bob-laptop`)).status).toBe(Status.OK);
    expect((await subscribe('bob', 'https://push.internal.example:8443/wp/1')).status).toBe(Status.OK);
    expect((await stored(ids.bob)).map((s) => s.endpoint)).toEqual([
      `${LISTED}/wp/bob-laptop`,
      'https://push.internal.example:8443/wp/1',
    ]);
  });

  it('refuses keys no message could be encrypted to', async () => {
    const { keys } = browserKeys();
    const short = { ...keys, auth: Buffer.alloc(8).toString('base64url') };
    const flat = { ...keys, p256dh: Buffer.alloc(65, 1).toString('base64url') };
    for (const bad of [short, flat]) {
      expect((await subscribe('bob', `${LISTED}/wp/bad-keys`, bad)).status).toBe(Status.ILLEGAL_INPUT);
    }
    expect((await stored()).some((s) => s.endpoint.endsWith('bad-keys'))).toBe(false);
  });

  it('removes only the caller’s own subscription; another’s or a missing one answers no permission', async () => {
    const endpoint = `${LISTED}/wp/bob-laptop`;
    expect((await call('alice', 'POST', 'unsubscribe', { endpoint })).status).toBe(Status.NO_PERMISSION);
    expect((await call('alice', 'POST', 'unsubscribe', { endpoint: `${LISTED}/wp/none` })).status).toBe(
      Status.NO_PERMISSION,
    );
    expect((await stored(ids.bob)).map((s) => s.endpoint)).toContain(endpoint);
    expect((await call('bob', 'POST', 'unsubscribe', { endpoint })).status).toBe(Status.OK);
    expect((await stored(ids.bob)).map((s) => s.endpoint)).not.toContain(endpoint);
  });

  it(`keeps at most ${MAX_APP_SUBSCRIPTIONS} browsers per user, dropping the oldest`, async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    for (let i = 1; i <= MAX_APP_SUBSCRIPTIONS + 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/owner_api/webpvesc/ajax/push/app/subscribe',
        headers: { token, languageid: '1' },
        payload: { endpoint: `${LISTED}/wp/carol-${i}`, keys: browserKeys().keys },
      });
      expect(res.json()).toMatchObject({ status: Status.OK });
    }
    const left = (await stored(user.id)).map((s) => s.endpoint);
    expect(left).toHaveLength(MAX_APP_SUBSCRIPTIONS);
    expect(left).not.toContain(`${LISTED}/wp/carol-1`);
    expect(left).not.toContain(`${LISTED}/wp/carol-2`);
    expect(left).toContain(`${LISTED}/wp/carol-${MAX_APP_SUBSCRIPTIONS + 2}`);
  });
});
