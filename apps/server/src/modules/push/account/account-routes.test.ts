/**
 * The official account's calls through the real server: the console's settings (admin only, the secret
 * never returned), binding by QR code and the signed callback (echostr check, subscribe / SCAN /
 * unsubscribe events, one-time and expiring scenes, refused signatures and malformed XML change
 * nothing), and unbinding. The WeChat API is the local fake of test-wechat.ts.
 */
import { randomBytes } from 'node:crypto';
import { ACCOUNT_CALLBACK_PATH, DEFAULT_ACCOUNT_API_BASE } from '@ems/contract/api/push-account';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushAccountBindings, pushAccountScenes, pushDeliveries, settings } from '../../../db/schema';
import { ADMIN_LOGIN_NAME } from '../../../db/seed/accounts';
import { expectBusinessError } from '../../../test/answers';
import { buildUser, signIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { get, post } from '../../account/test-account';
import { loginAs } from '../../auth/test-login';
import { DELIVER_QUEUE } from '../deliver';
import { callbackSignature } from './callback';
import { type FakeWechat, startFakeWechat } from './test-wechat';

const MANAGE = '/owner_api/webpvesc/ajax/manage/push/account';
const ACCOUNT = '/owner_api/webpvesc/ajax/push/account';
const CALLBACK_TOKEN = 'callbackToken42';

let t: TestApp;
let fake: FakeWechat;
let admin: string;
const users: { id: number; token: string }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakeWechat();
  // The delivery queue, as the server's workers declare it at start.
  await t.queue.declare([DELIVER_QUEUE]);
  admin = await loginAs(t.app, ADMIN_LOGIN_NAME, 'Admin@Test123');
  for (let i = 0; i < 2; i += 1) {
    const u = await buildUser(t.db);
    users.push({ id: u.id, token: await signIn(t.app, u) });
  }
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  appId: fake.appId,
  appSecret: fake.appSecret,
  token: CALLBACK_TOKEN,
  apiBase: fake.base,
  alarmTemplateId: 'alarm-template',
  reportTemplateId: 'report-template',
  ...overrides,
});

/** The query of a callback signed with `token` (now, or at `timestamp`). */
function signed(token = CALLBACK_TOKEN, timestamp = String(Math.floor(Date.now() / 1000))) {
  const nonce = String(randomBytes(4).readUInt32BE());
  return { signature: callbackSignature(token, timestamp, nonce), timestamp, nonce };
}

/** An event as the official account POSTs it (plaintext mode). */
function eventXml(from: string, event: string, eventKey = ''): string {
  return (
    `<xml><ToUserName><![CDATA[gh_0123456789ab]]></ToUserName><FromUserName><![CDATA[${from}]]></FromUserName>` +
    `<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType>` +
    `<Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${eventKey}]]></EventKey>` +
    `<Ticket><![CDATA[ticket]]></Ticket></xml>`
  );
}

function callback(xml: string, query: Record<string, string> = signed(), contentType = 'text/xml') {
  return t.app.inject({
    method: 'POST',
    url: ACCOUNT_CALLBACK_PATH,
    query,
    payload: xml,
    headers: { 'content-type': contentType },
  });
}

const bindings = () =>
  t.db.db
    .select({ userId: pushAccountBindings.userId, openid: pushAccountBindings.openid })
    .from(pushAccountBindings)
    .orderBy(pushAccountBindings.userId);

/** A new binding QR code of user `i`. @returns its scene (the fake's record of the call). */
async function qrScene(i: number): Promise<string> {
  const res = await get(t.app, `${ACCOUNT}/qrcode`, { token: users[i]!.token });
  const { data } = res.json() as { data: { url: string; expiresAt: string } };
  const scene = fake.scenes.at(-1)!;
  expect(data.url).toBe(`http://weixin.qq.com/q/${scene}`);
  return scene;
}

describe('console settings', () => {
  it('refuses everyone but the administrator, before reading the body', async () => {
    const calls = [
      get(t.app, `${MANAGE}?languageId=2`, { token: users[0]!.token }),
      post(t.app, MANAGE, settingsBody(), { token: users[0]!.token, languageId: 2 }),
      post(t.app, MANAGE, { appId: 7 }, { token: users[0]!.token, languageId: 2 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 40300, msg: '无操作权限', data: null });
    }
    expect(await t.db.db.select().from(settings).where(eq(settings.key, 'officialAccount'))).toEqual([]);
  });

  it('says not set up; a user’s QR code is refused, and the callback refuses even a signed request', async () => {
    expect((await get(t.app, MANAGE, { token: admin })).json().data).toEqual({
      configured: false,
      appId: '',
      hasSecret: false,
      token: '',
      apiBase: DEFAULT_ACCOUNT_API_BASE,
      alarmTemplateId: '',
      reportTemplateId: '',
      callbackPath: '/owner_api/push/account/callback',
    });
    expect((await get(t.app, ACCOUNT, { token: users[0]!.token })).json().data).toEqual({
      setUp: false,
      bound: false,
      account: null,
      boundAt: null,
    });
    const qr = await get(t.app, `${ACCOUNT}/qrcode`, { token: users[0]!.token, languageId: 1 });
    expect(expectBusinessError(qr, 40900).msg).toMatch(/not set up/);
    const check = await t.app.inject({
      method: 'GET',
      url: ACCOUNT_CALLBACK_PATH,
      query: { ...signed(), echostr: 'hello' },
    });
    expect(check.statusCode).toBe(403);
  });

  it('needs a secret the first time; saves; never answers the secret; an empty one keeps it', async () => {
    const missing = await post(t.app, MANAGE, settingsBody({ appSecret: '' }), { token: admin });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({ status: 40000, data: { field: 'appSecret' } });
    // A message that waited for the channel is queued again once it is set up.
    const [waiting] = await t.db.db
      .insert(pushDeliveries)
      .values({
        dedupeKey: 'test:waiting',
        userId: users[0]!.id,
        kind: 'test',
        channel: 'officialAccount',
        recipient: 'oNobody_0123456789',
        status: 'waiting',
        reason: 'push.reason.notSetUp',
        message: { title: 't', text: 't', link: 'https://x.example', fields: {} },
      })
      .returning({ id: pushDeliveries.id });
    const saved = await post(t.app, MANAGE, settingsBody({ apiBase: `${fake.base}/` }), { token: admin });
    expect(saved.json()).toMatchObject({
      status: 0,
      data: { configured: true, appId: fake.appId, hasSecret: true, apiBase: fake.base },
    });
    expect(saved.body).not.toContain(fake.appSecret);
    const [released] = await t.db.db
      .select({ status: pushDeliveries.status })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.id, waiting!.id));
    expect(released?.status).toBe('queued');
    const jobs = await t.db.query<{ data: { deliveryId: number } }>(
      `SELECT data FROM pgboss.job WHERE name = '${DELIVER_QUEUE.name}'`,
    );
    expect(jobs.rows.map((j) => j.data.deliveryId)).toEqual([waiting!.id]);
    const kept = await post(t.app, MANAGE, settingsBody({ appSecret: '' }), { token: admin });
    expect(kept.json().data.hasSecret).toBe(true);
    const [row] = await t.db.db.select().from(settings).where(eq(settings.key, 'officialAccount'));
    expect((row!.value as { appSecret: string }).appSecret).toBe(fake.appSecret);
    const read = await get(t.app, MANAGE, { token: admin });
    expect(read.body).not.toContain(fake.appSecret);
  });

  it('refuses a malformed token or address in the caller’s language', async () => {
    const res = await post(t.app, MANAGE, settingsBody({ token: 'no spaces!' }), {
      token: admin,
      languageId: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 40000, data: { field: 'token' } });
    expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the server URL check', () => {
  it('answers echostr to a signed request and refuses a wrong or stale signature', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: ACCOUNT_CALLBACK_PATH,
      query: { ...signed(), echostr: '7788990011' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('7788990011');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    const wrong = [
      signed('otherToken'),
      { ...signed(), signature: '0'.repeat(40) },
      signed(CALLBACK_TOKEN, String(Math.floor(Date.now() / 1000) - 3600)),
    ];
    for (const query of wrong) {
      const res = await t.app.inject({
        method: 'GET',
        url: ACCOUNT_CALLBACK_PATH,
        query: { ...query, echostr: 'x1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toBe('x1');
    }
  });
});

describe('binding', () => {
  it('a QR code, then a follow with its scene, binds the user; the scene binds once', async () => {
    const scene = await qrScene(0);
    const [row] = await t.db.db.select().from(pushAccountScenes).where(eq(pushAccountScenes.scene, scene));
    expect(row).toMatchObject({ userId: users[0]!.id, usedAt: null });
    const res = await callback(eventXml('oAlice_0123456789abcd', 'subscribe', `qrscene_${scene}`));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect(await bindings()).toEqual([{ userId: users[0]!.id, openid: 'oAlice_0123456789abcd' }]);
    const state = (await get(t.app, ACCOUNT, { token: users[0]!.token })).json().data;
    expect(state).toMatchObject({ setUp: true, bound: true, account: 'oAli…abcd' });
    // The same scene again, from another WeChat user: used, nothing changes.
    expect((await callback(eventXml('oMallory_0123456789ab', 'SCAN', scene))).body).toBe('success');
    expect(await bindings()).toEqual([{ userId: users[0]!.id, openid: 'oAlice_0123456789abcd' }]);
  });

  it('a follower’s scan binds; an expired scene, or an earlier QR code of the same user, does not', async () => {
    const first = await qrScene(1);
    const second = await qrScene(1);
    await callback(eventXml('oBob_0123456789abcdef', 'SCAN', first));
    expect((await bindings()).some((b) => b.userId === users[1]!.id)).toBe(false);
    await t.db.db
      .update(pushAccountScenes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pushAccountScenes.scene, second));
    await callback(eventXml('oBob_0123456789abcdef', 'SCAN', second));
    expect((await bindings()).some((b) => b.userId === users[1]!.id)).toBe(false);
    const third = await qrScene(1);
    await callback(eventXml('oBob_0123456789abcdef', 'SCAN', third));
    expect(await bindings()).toContainEqual({ userId: users[1]!.id, openid: 'oBob_0123456789abcdef' });
  });

  it('refuses an unsigned event, malformed XML or XML with entities, and changes nothing', async () => {
    const scene = await qrScene(0);
    const before = await bindings();
    const bad = [
      callback(eventXml('oEve_0123456789abcdef', 'SCAN', scene), signed('otherToken')),
      callback(eventXml('oEve_0123456789abcdef', 'SCAN', scene), {}),
      callback('<xml><FromUserName>oEve</FromUserName><MsgType>event'),
      callback('not xml at all'),
      callback(
        '<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' +
          `<xml><FromUserName>&b;</FromUserName><MsgType>event</MsgType><Event>SCAN</Event><EventKey>${scene}</EventKey></xml>`,
      ),
      callback(
        eventXml('oEve_0123456789abcdef', 'SCAN', scene).replace('<xml>', `<xml>${'x'.repeat(20_000)}`),
      ),
    ];
    for (const res of await Promise.all(bad)) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json()).toMatchObject({ status: expect.any(Number), msg: expect.any(String) });
    }
    expect(await bindings()).toEqual(before);
    const [row] = await t.db.db.select().from(pushAccountScenes).where(eq(pushAccountScenes.scene, scene));
    expect(row?.usedAt).toBeNull();
  });

  it('refuses a signed callback replayed within the 10 minutes its signature is valid (issue 31 item 5)', async () => {
    const scene = await qrScene(0);
    const query = signed();
    const xml = eventXml('oTrudy_0123456789abcd', 'SCAN', scene);
    expect((await callback(xml, query)).body).toBe('success');
    const replay = await callback(xml, query);
    expect(replay.statusCode).toBeGreaterThanOrEqual(400);
    expect(replay.json()).toMatchObject({ status: expect.any(Number), msg: expect.any(String) });
    // The URL check is signed the same way and refused the same way when replayed.
    const check = signed();
    const url = `${ACCOUNT_CALLBACK_PATH}?${new URLSearchParams({ ...check, echostr: 'e1' })}`;
    expect((await t.app.inject({ method: 'GET', url })).body).toBe('e1');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a QR code the API refuses answers why and keeps no scene', async () => {
    fake.failNext('/cgi-bin/qrcode/create', 45009);
    const res = await get(t.app, `${ACCOUNT}/qrcode`, { token: users[0]!.token, languageId: 1 });
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toContain('45009');
    const scenes = await t.db.db
      .select()
      .from(pushAccountScenes)
      .where(eq(pushAccountScenes.userId, users[0]!.id));
    expect(scenes).toEqual([]);
    expect(fake.shapeErrors).toEqual([]);
  });

  it('an unfollow unbinds that WeChat user; a user unbinds themself', async () => {
    expect((await callback(eventXml('oBob_0123456789abcdef', 'unsubscribe'))).body).toBe('success');
    expect((await bindings()).some((b) => b.userId === users[1]!.id)).toBe(false);
    const res = await post(t.app, `${ACCOUNT}/unbind`, {}, { token: users[0]!.token });
    expect(res.json()).toMatchObject({ status: 0, data: null });
    expect(await bindings()).toEqual([]);
    expect((await get(t.app, ACCOUNT, { token: users[0]!.token })).json().data).toMatchObject({
      bound: false,
    });
  });
});
