import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_NAME } from '../../db/seed/accounts';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../../test/helper';
import { get, post } from '../account/test-account';
import { loginAs } from '../auth/test-login';
import { enqueueMail } from './outbox';
import { deliverDueMail } from './sender';

let t: TestApp;
let admin: string;
let owner: string;
const log = pino({ level: 'silent' });
const SMTP = '/owner_api/webpvesc/ajax/manage/smtp';
const OUTBOX = '/owner_api/webpvesc/ajax/manage/outbox';
const SETTINGS = {
  host: 'smtp.example.com',
  port: 587,
  security: 'tls',
  username: 'mailer@example.com',
  fromAddress: 'noreply@example.com',
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, ADMIN_LOGIN_NAME, 'Admin@Test123');
  owner = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
});
afterAll(async () => t?.close());

describe('administrator only', () => {
  it('refuses an ordinary user on every mail route with 无操作权限', async () => {
    const calls = [
      get(t.app, `${SMTP}?languageId=2`, { token: owner }),
      // The header carries the language as the web client sends it (spec §7): the body is never read.
      post(t.app, SMTP, { ...SETTINGS, password: 'x' }, { token: owner, languageId: 2 }),
      post(t.app, `${SMTP}/test`, { to: 'a@example.com' }, { token: owner, languageId: 2 }),
      get(t.app, `${OUTBOX}?languageId=2`, { token: owner }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 40300, msg: '无操作权限', data: null });
    }
    const { rows } = await t.db.query("SELECT 1 FROM settings WHERE key = 'smtp'");
    expect(rows).toHaveLength(0);
  });

  it('refuses an ordinary user even when its body is invalid (40300, not a validation error)', async () => {
    const res = await post(t.app, SMTP, { port: 'nope' }, { token: owner, languageId: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 40300, msg: '无操作权限', data: null });
  });
});

describe('without SMTP settings', () => {
  it('GET says not configured, and queued mail stays pending, readable in the outbox', async () => {
    expect((await get(t.app, SMTP, { token: admin })).json()).toEqual({
      status: 0,
      msg: 'Operation succeeded',
      data: {
        configured: false,
        host: null,
        port: null,
        security: null,
        username: null,
        hasPassword: false,
        fromAddress: null,
      },
    });
    const queued = await post(t.app, `${SMTP}/test`, { to: 'ops@example.com' }, { token: admin });
    expect(queued.json()).toEqual({ status: 0, msg: 'Test mail queued for ops@example.com', data: null });
    expect(await deliverDueMail({ db: t.db, log })).toEqual({ sent: 0, failed: 0, unconfigured: true });
    const page = (await get(t.app, OUTBOX, { token: admin })).json();
    expect(page.data.total).toBe(1);
    expect(page.data.rows[0]).toMatchObject({
      to: 'ops@example.com',
      subject: 'Test mail from Energy Cloud',
      body: 'The SMTP settings work: this mail was delivered.',
      state: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
  });
});

describe('SMTP settings', () => {
  it('saves them, never returns the password, and keeps it when saved again without one', async () => {
    const saved = await post(t.app, SMTP, { ...SETTINGS, password: 's3cret-pass' }, { token: admin });
    expect(saved.json()).toEqual({
      status: 0,
      msg: 'Operation succeeded',
      data: { configured: true, ...SETTINGS, hasPassword: true },
    });
    const again = await post(t.app, SMTP, { ...SETTINGS, port: 2525, password: '' }, { token: admin });
    expect(again.json().data).toMatchObject({ port: 2525, hasPassword: true });
    const read = await get(t.app, SMTP, { token: admin });
    expect(read.json().data).toEqual({ configured: true, ...SETTINGS, port: 2525, hasPassword: true });
    expect(JSON.stringify(read.json())).not.toContain('s3cret-pass');
    const { rows } = await t.db.query<{ value: { password: string } }>(
      "SELECT value FROM settings WHERE key = 'smtp'",
    );
    expect(rows[0]!.value.password).toBe('s3cret-pass');
  });

  it('checks the server address, port and sender address (spec §5), in the caller language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ host: 'not a host' }, '请输入正确的SMTP服务器地址', 'host'],
      [{ port: 70000 }, '请输入 1 到 65535 之间的端口', 'port'],
      [{ fromAddress: 'nobody' }, '请输入正确的邮箱地址', 'fromAddress'],
      [{ security: 'starttls' }, '非法输入: security', 'security'],
      // Issue 24 item 16: the account is an e-mail address, or empty for a server without sign-in.
      [{ username: 'mailer' }, '请输入正确的邮箱地址', 'username'],
    ];
    for (const [bad, msg, field] of cases) {
      const res = await post(t.app, SMTP, { ...SETTINGS, ...bad, languageId: 2 }, { token: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 40000, msg, data: { field } });
    }
    const noAccount = await post(t.app, SMTP, { ...SETTINGS, username: '' }, { token: admin });
    expect(noAccount.json()).toMatchObject({ status: 0, data: { username: null } });
    const test = await post(t.app, `${SMTP}/test`, { to: 'x@', languageId: 2 }, { token: admin });
    expect(test.json()).toEqual({ status: 40000, msg: '请输入正确的邮箱地址', data: { field: 'to' } });
  });
});

describe('outbox', () => {
  it('lists newest first, pages, and filters by recipient or subject', async () => {
    for (let i = 1; i <= 3; i++) {
      await enqueueMail(t.db.db, { to: `page${i}@example.com`, subject: `Subject ${i}`, body: `Body ${i}` });
    }
    const first = (await get(t.app, `${OUTBOX}?pageNum=1&pageSize=2`, { token: admin })).json().data;
    expect(first.total).toBe(4);
    expect(first.rows.map((r: { to: string }) => r.to)).toEqual(['page3@example.com', 'page2@example.com']);
    const second = (await get(t.app, `${OUTBOX}?pageNum=2&pageSize=2`, { token: admin })).json().data;
    expect(second.rows.map((r: { to: string }) => r.to)).toEqual(['page1@example.com', 'ops@example.com']);
    const filtered = (await get(t.app, `${OUTBOX}?filterText=subject%202`, { token: admin })).json().data;
    expect(filtered).toMatchObject({ total: 1, rows: [{ to: 'page2@example.com' }] });
    const literal = (await get(t.app, `${OUTBOX}?filterText=%25`, { token: admin })).json().data;
    expect(literal.total).toBe(0);
  });
});
