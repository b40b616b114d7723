import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { encryptPassword, fetchPublicKey, signIn as rawSignIn } from '../auth/test-login';

let t: TestApp;
let publicKey: string;
beforeAll(async () => {
  t = await buildTestApp();
  publicKey = await fetchPublicKey(t.app);
});
afterAll(async () => t?.close());

const URL = '/owner_api/webpvesc/ajax/user/password/edit';
const NEW = 'New@Pass2025';
const userInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/owner_api/webpvesc/ajax/user/info', headers: { token } });
const change = (
  token: string,
  user: BuiltUser,
  p: { old?: string; pw?: string; confirm?: string },
  extra: Record<string, unknown> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    headers: { token },
    payload: {
      oldPassword: encryptPassword(publicKey, p.old ?? user.password),
      password: encryptPassword(publicKey, p.pw ?? NEW),
      confirmPassword: encryptPassword(publicKey, p.confirm ?? p.pw ?? NEW),
      ...extra,
    },
  });

describe('user/password/edit', () => {
  it('refuses a wrong current password', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const res = await change(token, user, { old: 'Not@MyPass1' }, { languageId: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 40000, msg: '当前密码不正确', data: { field: 'oldPassword' } });
    expect((await rawSignIn(t.app, user.loginName, user.password)).json().status).toBe(0);
  });

  it('refuses a new password that breaks each spec §5 rule', async () => {
    const user = await buildUser(t.db, { loginName: `Pw_Rules${Date.now() % 100000}` });
    const token = await signIn(t.app, user);
    const cases: [Partial<{ pw: string; confirm: string }>, string, string][] = [
      [{ pw: 'Ab1!x' }, 'The password needs at least 8 characters', 'password'],
      [
        { pw: 'abcdefgh12' },
        'Use at least 3 of: uppercase, lowercase, digits, special characters',
        'password',
      ],
      [{ pw: user.loginName.toLowerCase() }, 'The password cannot equal the user name', 'password'],
      [{ pw: NEW, confirm: 'New@Pass2026' }, 'The two passwords do not match', 'confirmPassword'],
    ];
    for (const [p, msg, field] of cases) {
      const res = await change(token, user, p);
      expect(res.statusCode, msg).toBe(200);
      expect(res.json(), msg).toEqual({ status: 40000, msg, data: { field } });
    }
    const zh = await change(token, user, { pw: NEW, confirm: 'x' }, { languageId: 2 });
    expect(zh.json().msg).toBe('两次输入密码不一致');
  });

  it('refuses passwords that are not encrypted with the server key', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { token },
      payload: { oldPassword: user.password, password: NEW, confirmPassword: NEW },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 40000,
      msg: 'The password must be encrypted with the server key',
    });
  });

  it('changes the password: the caller stays signed in, another session of the user ends', async () => {
    const user = await buildUser(t.db);
    const mine = await signIn(t.app, user);
    const other = await signIn(t.app, user);
    expect((await userInfo(other)).json().status).toBe(0); // cached by the auth service now
    const res = await change(mine, user, {}, { languageId: 2 });
    expect(res.json()).toEqual({ status: 0, msg: '密码已修改，其他会话已退出', data: null });
    expect((await userInfo(mine)).json().status).toBe(0);
    const dead = await userInfo(other);
    expect(dead.statusCode).toBe(401);
    expect(dead.json().status).toBe(1000);
    expect((await rawSignIn(t.app, user.loginName, user.password)).json().status).toBe(40100);
    expect((await rawSignIn(t.app, user.loginName, NEW)).json().status).toBe(0);
  });

  it('stops guessing the current password after 5 wrong tries (429)', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    for (let i = 0; i < 5; i++) {
      expect((await change(token, user, { old: `Guess@${i}xyz` })).json().status).toBe(40000);
    }
    const blocked = await change(token, user, {});
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().status).toBe(42900);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
