import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ADMIN_LOGIN_NAME } from '../../db/seed/accounts';
import { hashPassword } from '../../security/password';
import { expectSignedOut } from '../../test/answers';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../../test/helper';
import { fetchPublicKey, loginAs, signIn } from './test-login';

const ADMIN_PASSWORD = 'Admin@Test123'; // what buildTestApp sets as ADMIN_PASSWORD
// Refusal tests sign in as this second owner, so the demo owner stays under its failure limit.
const ALICE = { username: 'alice', password: 'Alice@2024!' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.db.insert(users).values({
    loginName: ALICE.username,
    userName: 'Alice',
    passwordHash: await hashPassword(ALICE.password),
  });
});
afterAll(async () => t?.close());

const userInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/owner_api/webpvesc/ajax/user/info', headers: { token } });

describe('public key', () => {
  it('serves a 3072-bit RSA-OAEP-256 SPKI key that stays the same', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/owner_api/auth/owner/publickey' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.algorithm).toBe('RSA-OAEP-256');
    expect(body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const { createPublicKey } = await import('node:crypto');
    expect(createPublicKey(body.data.publicKey).asymmetricKeyDetails?.modulusLength).toBe(3072);
    expect(body.data.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(await fetchPublicKey(t.app)).toBe(body.data.publicKey);
  });
});

describe('gettoken', () => {
  it('signs the demo owner in; the token works on user/info', async () => {
    const res = await signIn(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.expires_in).toBe(t.config.TOKEN_EXPIRES_MINUTES);

    const info = await userInfo(body.data.access_token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      status: 0,
      data: {
        loginName: 'demo',
        userName: 'Demo Owner',
        timeZone: 'Europe/Berlin',
        email: 'demo@example.com',
        emailVerified: true,
        roles: [],
      },
    });
    expect(JSON.stringify(info.json())).not.toMatch(/argon2|password/i);
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1',
      [token],
    );
    expect(rows[0]!.n).toBe(0);
    const { createHash } = await import('node:crypto');
    const hashed = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1',
      [createHash('sha256').update(token).digest('hex')],
    );
    expect(hashed.rows[0]!.n).toBe(1);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await signIn(t.app, DEMO_OWNER.username, 'Wrong@Pass1', { remoteAddress: '10.0.0.1' });
    const unknown = await signIn(t.app, 'nobody_here', DEMO_OWNER.password, { remoteAddress: '10.0.0.1' });
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ status: 40100, msg: 'Incorrect user name or password', data: null });
  });

  it('refuses a password that is not encrypted with the server key', async () => {
    const res = await signIn(t.app, ALICE.username, ALICE.password, {
      plaintext: true,
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 40000,
      msg: 'The password must be encrypted with the server key',
    });
    const base64Garbage = await signIn(t.app, ALICE.username, Buffer.alloc(384, 7).toString('base64'), {
      plaintext: true,
      remoteAddress: '10.0.0.2',
    });
    expect(base64Garbage.json().status).toBe(40000);
  });

  it('answers in zh-CN when languageId=2 comes as header or in the body', async () => {
    const byHeader = await signIn(t.app, 'nobody_here', 'x', {
      headers: { languageid: '2' },
      remoteAddress: '10.0.0.3',
    });
    expect(byHeader.json()).toMatchObject({ status: 40100, msg: '用户名或密码错误' });
    const byBody = await signIn(t.app, 'nobody_here', 'x', {
      body: { languageId: 2 },
      remoteAddress: '10.0.0.3',
    });
    expect(byBody.json()).toMatchObject({ status: 40100, msg: '用户名或密码错误' });
  });

  it('rejects a body without user name, in the caller language', async () => {
    const res = await signIn(t.app, '', 'x', { body: { languageId: 2 }, remoteAddress: '10.0.0.4' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 40000, msg: '不能为空' });
  });

  it('refuses a disabled account with ACCOUNT_DISABLED, only after a right password', async () => {
    await t.db.query("UPDATE users SET disabled = true WHERE login_name = 'alice'");
    try {
      const right = await signIn(t.app, ALICE.username, ALICE.password, { remoteAddress: '10.0.0.5' });
      expect(right.json()).toMatchObject({ status: 40101, msg: 'This account is disabled' });
      const wrong = await signIn(t.app, ALICE.username, 'Wrong@Pass1', { remoteAddress: '10.0.0.5' });
      expect(wrong.json().status).toBe(40100);
    } finally {
      await t.db.query("UPDATE users SET disabled = false WHERE login_name = 'alice'");
    }
  });
});

describe('admin/login', () => {
  const url = '/owner_api/auth/owner/admin/login';

  it('refuses the demo owner exactly like a wrong password', async () => {
    const res = await signIn(t.app, DEMO_OWNER.username, DEMO_OWNER.password, {
      url,
      remoteAddress: '10.0.1.1',
    });
    expect(res.json()).toEqual({ status: 40100, msg: 'Incorrect user name or password', data: null });
  });

  it('accepts the administrator, whose user/info lists the admin role', async () => {
    const res = await signIn(t.app, ADMIN_LOGIN_NAME, ADMIN_PASSWORD, { url, remoteAddress: '10.0.1.2' });
    expect(res.json().status).toBe(0);
    const info = await userInfo(res.json().data.access_token);
    expect(info.json().data).toMatchObject({ loginName: 'admin', roles: ['admin'] });
  });
});

describe('sessions', () => {
  it('a call without token is HTTP 401 status 1000', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/owner_api/webpvesc/ajax/user/info' });
    expect(expectSignedOut(res).data).toBeNull();
  });

  it('a malformed or unknown token is HTTP 200 status 21000 (spec §8: the client clears it and reloads)', async () => {
    for (const token of ['not-a-token', 'A'.repeat(43)]) {
      const res = await userInfo(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 21000, msg: 'Invalid token, please sign in again' });
    }
  });

  it('logout revokes the token: the next call answers 1000', async () => {
    const token = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
    expect((await userInfo(token)).json().status).toBe(0);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/owner_api/auth/owner/logout',
      headers: { token },
    });
    expect(out.json()).toEqual({ status: 0, msg: 'Signed out', data: null });
    const after = await userInfo(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().status).toBe(1000);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/owner_api/auth/owner/logout',
      headers: { token },
    });
    expect(again.json().status).toBe(1000);
  });

  it('logout of one session leaves the others alive', async () => {
    const a = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
    const b = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
    await t.app.inject({ method: 'DELETE', url: '/owner_api/auth/owner/logout', headers: { token: a } });
    expect((await userInfo(a)).json().status).toBe(1000);
    expect((await userInfo(b)).json().status).toBe(0);
  });

  it('a session of an account disabled afterwards answers 1000', async () => {
    const token = await loginAs(t.app, ALICE.username, ALICE.password);
    await t.db.query("UPDATE users SET disabled = true WHERE login_name = 'alice'");
    try {
      const res = await userInfo(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(1000);
    } finally {
      await t.db.query("UPDATE users SET disabled = false WHERE login_name = 'alice'");
    }
  });

  it('an expired session answers 1000, in zh-CN when asked', async () => {
    const token = await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
    // Expire it before its first use, so no cached copy exists.
    await t.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE id = (SELECT max(id) FROM sessions)",
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/owner_api/webpvesc/ajax/user/info?languageId=2',
      headers: { token },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      status: 1000,
      msg: '您已被登出，可以取消继续留在该页面，或者重新登录',
    });
  });

  it('sets expires_at TOKEN_EXPIRES_MINUTES after sign-in', async () => {
    await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password);
    const { rows } = await t.db.query<{ minutes: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM sessions ORDER BY id DESC LIMIT 1',
    );
    expect(rows[0]!.minutes).toBe(t.config.TOKEN_EXPIRES_MINUTES);
  });
});
