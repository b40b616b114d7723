/**
 * The official-account channel against a local fake of the WeChat API (test-wechat.ts): template
 * messages by delivery kind, the access token cached and refreshed once for everyone, token errors
 * retried once, quota errors left to the queue's retry, and a WeChat user who stopped following unbound.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushAccountBindings, pushDeliveries, settings } from '../../../db/schema';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { ChannelDeps, PushMessage } from '../channel';
import { deliver } from '../deliver';
import { ACCOUNT_TOKEN_SETTING, writeAccountSettings } from './settings';
import { type FakeWechat, startFakeWechat } from './test-wechat';

let t: TestApp;
let fake: FakeWechat;
let deps: ChannelDeps;
let userId: number;
const OPENID = 'oFollower_0123456789abcdef';
const SEND = '/cgi-bin/message/template/send';

const ALARM: PushMessage = {
  language: 'en-US',
  title: 'Fatal alarm F01 at Sunny Farm',
  text: 'Site: Sunny Farm',
  link: 'https://ems.example.com/station?stationId=7&deviceId=9',
  fields: {
    site: 'Sunny Farm',
    device: 'Inverter 1',
    code: 'F01',
    description: 'Grid overvoltage',
    level: 'Fatal',
    time: '2026-03-01 10:00 (Europe/Berlin)',
  },
};
const REPORT: PushMessage = {
  language: 'en-US',
  title: 'Generation report, March 2026',
  text: '…',
  link: 'https://ems.example.com/reports',
  fields: { report: 'Generation report', period: 'March 2026', Generation: '1,204 kWh' },
};

/** A queued official-account delivery of `kind` to the bound WeChat user. @returns its id. */
async function delivery(kind: string, message: PushMessage = ALARM, recipient = OPENID): Promise<number> {
  const [row] = await t.db.db
    .insert(pushDeliveries)
    .values({
      dedupeKey: `test:${randomBytes(6).toString('hex')}`,
      userId,
      kind,
      channel: 'officialAccount',
      recipient,
      message,
    })
    .returning({ id: pushDeliveries.id });
  return row!.id;
}

/** Runs the delivery job of `id` as the queue would on attempt `retryCount + 1`. */
const run = (id: number, retryCount = 0) =>
  deliver(deps, { id: `job-${id}`, data: { deliveryId: id }, retryCount, retryLimit: 7 } as never);

async function stateOf(id: number) {
  const [row] = await t.db.db
    .select({
      status: pushDeliveries.status,
      reason: pushDeliveries.reason,
      attempts: pushDeliveries.attempts,
    })
    .from(pushDeliveries)
    .where(eq(pushDeliveries.id, id));
  return row!;
}

beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakeWechat({ tokenDelayMs: 100 });
  deps = { db: t.db, config: t.config, log: pino({ level: 'silent' }) };
  userId = (await buildUser(t.db)).id;
  await writeAccountSettings(t.db.db, {
    appId: fake.appId,
    appSecret: fake.appSecret,
    token: 'callbackToken1',
    apiBase: fake.base,
    alarmTemplateId: 'alarm-template',
    reportTemplateId: 'report-template',
  });
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.db.db.insert(pushAccountBindings).values({ userId, openid: OPENID }).onConflictDoNothing();
  fake.followers.add(OPENID);
});

describe('template messages', () => {
  it('sends alarms with the alarm template and reports and tests with the report one, one token for all', async () => {
    const before = fake.issued.length;
    const ids = [await delivery('alarm'), await delivery('report', REPORT), await delivery('test', REPORT)];
    for (const id of ids) await run(id);
    for (const id of ids) expect(await stateOf(id)).toEqual({ status: 'sent', reason: null, attempts: 1 });
    expect(fake.issued.length - before).toBe(1);
    const [alarm, report, test] = fake.messages.slice(-3);
    expect(alarm).toEqual({
      touser: OPENID,
      template_id: 'alarm-template',
      url: ALARM.link,
      data: {
        first: { value: ALARM.title },
        keyword1: { value: 'Sunny Farm' },
        keyword2: { value: 'Inverter 1' },
        keyword3: { value: 'F01 Grid overvoltage' },
        keyword4: { value: 'Fatal' },
        keyword5: { value: '2026-03-01 10:00 (Europe/Berlin)' },
        remark: { value: '' },
      },
    });
    expect(report).toMatchObject({
      template_id: 'report-template',
      url: REPORT.link,
      data: {
        first: { value: REPORT.title },
        keyword1: { value: 'Generation report' },
        keyword2: { value: 'March 2026' },
        keyword3: { value: 'Generation: 1,204 kWh' },
      },
    });
    expect(test?.template_id).toBe('report-template');
    expect(fake.shapeErrors).toEqual([]);
  });

  it('fetches a new token once the cached one is past its time, and not before', async () => {
    await run(await delivery('alarm'));
    const before = fake.issued.length;
    await run(await delivery('alarm'));
    expect(fake.issued.length).toBe(before);
    await t.db.db
      .update(settings)
      .set({ value: sql`jsonb_set(${settings.value}, '{usableUntil}', '0')` })
      .where(eq(settings.key, ACCOUNT_TOKEN_SETTING));
    const id = await delivery('alarm');
    await run(id);
    expect((await stateOf(id)).status).toBe('sent');
    expect(fake.issued.length).toBe(before + 1);
  });
});

describe('token errors', () => {
  it('an invalid (40001) or expired (42001) token is refreshed once and the call retried', async () => {
    await run(await delivery('alarm'));
    for (const endToken of [fake.revokeTokens, fake.expireTokens]) {
      endToken();
      const before = fake.issued.length;
      const id = await delivery('alarm');
      await run(id);
      expect(await stateOf(id)).toEqual({ status: 'sent', reason: null, attempts: 1 });
      expect(fake.issued.length).toBe(before + 1);
    }
  });

  it('a token error that persists is retried once, not twice, and left to the queue', async () => {
    await run(await delivery('alarm'));
    const before = fake.issued.length;
    fake.failNext(SEND, 40001);
    fake.failNext(SEND, 40001);
    const id = await delivery('alarm');
    await expect(run(id)).rejects.toThrow(/40001/);
    expect(fake.issued.length).toBe(before + 1);
    expect(await stateOf(id)).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('two sends that find the token refused refresh it once between them, and both go', async () => {
    await run(await delivery('alarm'));
    fake.revokeTokens();
    const before = fake.issued.length;
    const ids = [await delivery('alarm'), await delivery('alarm')];
    await Promise.all(ids.map((id) => run(id)));
    for (const id of ids) expect(await stateOf(id)).toEqual({ status: 'sent', reason: null, attempts: 1 });
    expect(fake.issued.length).toBe(before + 1);
  });
});

describe('other errors', () => {
  it('a quota error (45009) or a busy API (-1) fails the attempt; the queue’s next attempt sends it', async () => {
    for (const errcode of [45009, -1]) {
      fake.failNext(SEND, errcode);
      const id = await delivery('alarm');
      await expect(run(id)).rejects.toThrow(String(errcode));
      expect(await stateOf(id)).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await stateOf(id)).reason).toContain(String(errcode));
      await run(id, 1);
      expect(await stateOf(id)).toEqual({ status: 'sent', reason: null, attempts: 2 });
    }
  });

  it('a WeChat user who no longer follows (43004) ends the delivery as unbound and loses the binding', async () => {
    fake.followers.delete(OPENID);
    const id = await delivery('alarm');
    await run(id);
    expect(await stateOf(id)).toEqual({ status: 'failed', reason: 'push.reason.unbound', attempts: 1 });
    const bindings = await t.db.db
      .select()
      .from(pushAccountBindings)
      .where(eq(pushAccountBindings.userId, userId));
    expect(bindings).toEqual([]);
  });

  it('a delivery to an openid unbound meanwhile is not sent', async () => {
    const sent = fake.messages.length;
    const id = await delivery('alarm', ALARM, 'oSomeoneElse_0123456789');
    await run(id);
    expect(await stateOf(id)).toMatchObject({ status: 'failed', reason: 'push.reason.unbound' });
    expect(fake.messages.length).toBe(sent);
  });

  it('a refused secret is retried later, and the reason names the error, never the secret', async () => {
    await writeAccountSettings(t.db.db, {
      appId: fake.appId,
      appSecret: 'wrong-secret-value',
      token: 'callbackToken1',
      apiBase: fake.base,
      alarmTemplateId: 'alarm-template',
      reportTemplateId: 'report-template',
    });
    const id = await delivery('alarm');
    await expect(run(id)).rejects.toThrow(/40125/);
    const { reason } = await stateOf(id);
    expect(reason).toContain('40125');
    expect(reason).not.toContain('wrong-secret-value');
  });
});
