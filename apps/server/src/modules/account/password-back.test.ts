import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { encryptPassword, fetchPublicKey, loginAs } from '../auth/test-login';
import { BACK, get, INFO, latestCodeTo, post, RESET, wrongCode } from './test-account';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'New@Pass2026';

let n = 0;
async function verifiedUser() {
  n++;
  const email = `back${n}@example.com`;
  const user = await buildUser(t.db, {
    loginName: `back_user_${n}`,
    email,
    emailVerified: true,
    languageId: 2,
  });
  return { user, email, ip: `10.5.${n}.1` };
}
const back = (userName: string, ip: string, extra: Record<string, unknown> = {}, languageId?: number) =>
  post(t.app, BACK, { userName, ...extra }, { ip, languageId });

async function resetBody(userName: string, resetTicket: string, password = NEW_PASSWORD, confirm = password) {
  const key = await fetchPublicKey(t.app);
  return {
    userName,
    resetTicket,
    password: encryptPassword(key, password),
    confirmPassword: encryptPassword(key, confirm),
  };
}

/** Runs the flow up to the ticket. */
async function ticketFor(userName: string, email: string, ip: string): Promise<string> {
  expect((await back(userName, ip)).json().status).toBe(0);
  const res = await back(userName, ip, { validCode: await latestCodeTo(t.db, email) });
  const ticket = res.json().data.resetTicket as string;
  expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return ticket;
}

describe('user/password/back', () => {
  it('sends a code to the verified e-mail, in the account language, and does not say where', async () => {
    const { user, email, ip } = await verifiedUser();
    const res = await back(user.loginName, ip);
    expect(res.json()).toEqual({
      status: 0,
      msg: 'If this account has a verified e-mail, a verification code was sent to it. Otherwise, please use other methods to retrieve the password',
      data: { resendAfterSeconds: 60 },
    });
    const mail = await t.db.query<{ subject: string }>(
      'SELECT subject FROM mail_outbox WHERE to_address = $1',
      [email],
    );
    expect(mail.rows[0]!.subject).toBe('您的验证码');
  });

  it('answers a missing account, one without verified e-mail and a real one the same way', async () => {
    const { user } = await verifiedUser();
    const unverified = await buildUser(t.db, { email: 'unverified@example.com', emailVerified: false });
    const noMail = await buildUser(t.db, { email: null });
    const answers = await Promise.all(
      ['no_such_user', unverified.loginName, noMail.loginName, user.loginName].map((name) =>
        back(name, '10.5.100.1', {}, 2),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 0,
        msg: '如该账号已验证邮箱，验证码已发送至该邮箱；否则请使用其他方式找回密码',
        data: { resendAfterSeconds: 60 },
      });
    }
    const queued = await t.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [
      'unverified@example.com',
    ]);
    expect(queued.rows).toHaveLength(0);
  });

  it('trades a right code for a ticket once; a wrong code is 无效验证码', async () => {
    const { user, email, ip } = await verifiedUser();
    await back(user.loginName, ip);
    const code = await latestCodeTo(t.db, email);
    const wrong = await back(user.loginName, ip, { validCode: wrongCode(code) }, 2);
    expect(wrong.json()).toEqual({ status: 40000, msg: '无效验证码', data: { field: 'validCode' } });
    const right = await back(user.loginName, ip, { validCode: code });
    expect(right.json()).toMatchObject({ status: 0, data: { resetTicket: expect.any(String) } });
    const reused = await back(user.loginName, ip, { validCode: code });
    expect(reused.json()).toMatchObject({ status: 40000, msg: 'Invalid verification code' });
  });

  it('says a right code sent more than 10 minutes ago expired, pointing to Resend (issue 34 item 4)', async () => {
    const { user, email, ip } = await verifiedUser();
    await back(user.loginName, ip);
    const code = await latestCodeTo(t.db, email);
    await t.db.query(
      "UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'password_back'",
      [user.id],
    );
    const late = await back(user.loginName, ip, { validCode: code }, 2);
    expect(late.json()).toEqual({
      status: 40000,
      msg: '验证码已过期，请点击“重新发送”获取新的验证码',
      data: { field: 'validCode' },
    });
    const wrong = await back(user.loginName, ip, { validCode: wrongCode(code) });
    expect(wrong.json()).toMatchObject({ status: 40000, msg: 'Invalid verification code' });
  });

  it('takes the user name as spec §7 spells it (username) as well as userName', async () => {
    const { user, email, ip } = await verifiedUser();
    const sent = await post(t.app, BACK, { username: user.loginName }, { ip });
    expect(sent.json()).toMatchObject({ status: 0, data: { resendAfterSeconds: 60 } });
    const code = await latestCodeTo(t.db, email);
    const right = await post(t.app, BACK, { username: user.loginName, validCode: code }, { ip });
    expect(right.json()).toMatchObject({ status: 0, data: { resetTicket: expect.any(String) } });
    // The same name twice is fine; two different names, or none, are refused and send nothing.
    const both = await post(t.app, BACK, { username: user.loginName, userName: user.loginName }, { ip });
    expect(both.json().status).toBe(0);
    const differ = await post(t.app, BACK, { username: user.loginName, userName: 'someone_else' }, { ip });
    expect(differ.json()).toEqual({
      status: 40000,
      msg: 'Illegal input',
      data: { field: 'username' },
    });
    const none = await post(t.app, BACK, {}, { ip, languageId: 2 });
    expect(none.json()).toMatchObject({ status: 40000, data: { field: 'userName' } });
    const bad = await post(t.app, BACK, { username: 'a b' }, { ip });
    expect(bad.json()).toMatchObject({ status: 40000, data: { field: 'username' } });
    const mails = await t.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [email]);
    expect(mails.rows).toHaveLength(1);
  });

  it('with a code for an account that cannot recover, answers 无效验证码 (nothing to probe)', async () => {
    const res = await back('no_such_user', '10.5.101.1', { validCode: 'AbC123' }, 2);
    expect(res.json()).toMatchObject({ status: 40000, msg: '无效验证码' });
  });

  it('sends at most one code per 60 s, answering a sooner ask as any other', async () => {
    const { user, email, ip } = await verifiedUser();
    const first = await back(user.loginName, ip);
    const again = await back(user.loginName, ip);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const mails = await t.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [email]);
    expect(mails.rows).toHaveLength(1);
  });

  it('limits code sends per client address', async () => {
    const ip = '10.5.250.1';
    for (let i = 0; i < 10; i++) expect((await back(`nobody_${i}`, ip)).statusCode).toBe(200);
    const blocked = await back('nobody_x', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().status).toBe(42900);
  });
});

describe('user/password/resert', () => {
  it('sets the new password and ends every session of the account (old token → 1000)', async () => {
    const { user, email, ip } = await verifiedUser();
    const a = await signIn(t.app, user);
    const b = await signIn(t.app, user);
    expect((await get(t.app, INFO, { token: a })).json().status).toBe(0);
    const ticket = await ticketFor(user.loginName, email, ip);
    const res = await post(t.app, RESET, await resetBody(user.loginName, ticket), { languageId: 2 });
    expect(res.json()).toEqual({ status: 0, msg: '重置成功', data: null });
    for (const token of [a, b]) {
      const after = await get(t.app, INFO, { token });
      expect(after.statusCode).toBe(401);
      expect(after.json().status).toBe(1000);
    }
    await expect(loginAs(t.app, user.loginName, user.password)).rejects.toThrow(/40100/);
    expect(await loginAs(t.app, user.loginName, NEW_PASSWORD)).toBeTruthy();
  });

  it('a ticket is single-use and bound to its account', async () => {
    const one = await verifiedUser();
    const other = await verifiedUser();
    const ticket = await ticketFor(one.user.loginName, one.email, one.ip);
    const stolen = await post(t.app, RESET, await resetBody(other.user.loginName, ticket));
    expect(stolen.json()).toEqual({
      status: 40000,
      msg: 'Invalid verification code',
      data: { field: 'resetTicket' },
    });
    expect((await post(t.app, RESET, await resetBody(one.user.loginName, ticket))).json().status).toBe(0);
    expect((await post(t.app, RESET, await resetBody(one.user.loginName, ticket))).json().status).toBe(40000);
  });

  it('a ticket is dead after 10 minutes', async () => {
    const { user, email, ip } = await verifiedUser();
    const ticket = await ticketFor(user.loginName, email, ip);
    await t.db.query(
      "UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'password_reset'",
      [user.id],
    );
    expect((await post(t.app, RESET, await resetBody(user.loginName, ticket))).json().status).toBe(40000);
  });

  it('applies the spec §5 password rules (and keeps the ticket for a second try)', async () => {
    const { user, email, ip } = await verifiedUser();
    const ticket = await ticketFor(user.loginName, email, ip);
    const weak = await post(t.app, RESET, await resetBody(user.loginName, ticket, 'short1A'));
    expect(weak.json()).toEqual({
      status: 40000,
      msg: 'The password needs at least 8 characters',
      data: { field: 'password' },
    });
    const mismatch = await post(
      t.app,
      RESET,
      await resetBody(user.loginName, ticket, NEW_PASSWORD, 'Other@Pass1'),
      {
        languageId: 2,
      },
    );
    expect(mismatch.json()).toEqual({
      status: 40000,
      msg: '两次输入密码不一致',
      data: { field: 'confirmPassword' },
    });
    const named = await post(
      t.app,
      RESET,
      await resetBody(user.loginName, ticket, user.loginName.toUpperCase()),
    );
    expect(named.json()).toEqual({
      status: 40000,
      msg: 'The password cannot equal the user name',
      data: { field: 'password' },
    });
    const plain = await post(t.app, RESET, {
      userName: user.loginName,
      resetTicket: ticket,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(plain.json()).toEqual({
      status: 40000,
      msg: 'The password must be encrypted with the server key',
      data: { field: 'password' },
    });
    expect((await post(t.app, RESET, await resetBody(user.loginName, ticket))).json().status).toBe(0);
  });
});
