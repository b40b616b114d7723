import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBusinessError } from '../../test/answers';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../../test/helper';
import { loginAs } from '../auth/test-login';
import { encryptForm, latestCodeTo, post, validForm } from './test-account';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const REGISTER = '/owner_api/webpvesc/ajax/register';

describe('register', () => {
  it('creates a standard account with an unverified e-mail and queues a code mail in its language', async () => {
    const form = validForm('Nova_User', {
      nickname: 'Nova',
      phone: '13812345678',
      timeZone: 'America/Sao_Paulo',
    });
    const res = await post(
      t.app,
      REGISTER,
      { ...(await encryptForm(t.app, form)), languageId: 3 },
      { ip: '10.3.2.1' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 0,
      msg: 'Cadastro realizado',
      data: { email: 'nova_user@example.com', emailVerified: false },
    });
    const { rows } = await t.db.query<Record<string, unknown>>(
      'SELECT login_name, user_name, nickname, phone, usertype, email_verified, language_id, time_zone FROM users WHERE id = $1',
      [body.data.userId],
    );
    expect(rows[0]).toEqual({
      login_name: 'Nova_User',
      user_name: 'Nova_User',
      nickname: 'Nova',
      phone: '13812345678',
      usertype: 1,
      email_verified: false,
      language_id: 3,
      time_zone: 'America/Sao_Paulo',
    });
    const mail = await t.db.query<{ subject: string; body: string; state: string }>(
      'SELECT subject, body, state FROM mail_outbox WHERE to_address = $1',
      ['nova_user@example.com'],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]).toMatchObject({ subject: 'Seu código de verificação', state: 'pending' });
    const code = await latestCodeTo(t.db, 'nova_user@example.com');
    expect(code).toMatch(/^[A-Za-z0-9]{6}$/);
    // Only a hash of the code is stored, bound to its purpose.
    const codes = await t.db.query<{ purpose: string; code_hash: string }>(
      'SELECT purpose, code_hash FROM verification_codes WHERE user_id = $1',
      [body.data.userId],
    );
    expect(codes.rows).toHaveLength(1);
    expect(codes.rows[0]!.purpose).toBe('email_verify');
    expect(codes.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(codes.rows)).not.toContain(code);
    // The new account can sign in.
    expect(await loginAs(t.app, 'Nova_User', form.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('defaults the time zone to UTC and the language to en-US', async () => {
    const res = await post(t.app, REGISTER, await encryptForm(t.app, validForm('utc_user')), {
      ip: '10.3.2.2',
    });
    const { rows } = await t.db.query<{ time_zone: string; language_id: number }>(
      'SELECT time_zone, language_id FROM users WHERE id = $1',
      [res.json().data.userId],
    );
    expect(rows[0]).toEqual({ time_zone: 'UTC', language_id: 1 });
  });

  it('refuses a taken name (ignoring case) and writes nothing', async () => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).rows[0]!.n;
    const res = await post(t.app, REGISTER, await encryptForm(t.app, validForm('NOVA_user')), {
      ip: '10.3.2.3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 40000,
      msg: 'This user name is already taken',
      data: { field: 'userName' },
    });
    const after = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).rows[0]!.n;
    expect(after).toBe(before);
  });

  it('applies every rule of the check (a weak password registers nothing)', async () => {
    const form = validForm('weak_user', { password: 'weakweak', confirmPassword: 'weakweak' });
    const res = await post(t.app, REGISTER, await encryptForm(t.app, form), {
      ip: '10.3.2.4',
      languageId: 2,
    });
    expect(res.json()).toEqual({
      status: 40000,
      msg: '至少包含大写字母、小写字母、数字、特殊字符中的 3 种',
      data: { field: 'password' },
    });
    const { rows } = await t.db.query("SELECT 1 FROM users WHERE login_name = 'weak_user'");
    expect(rows).toHaveLength(0);
  });

  it('of two concurrent registrations of one name (different case), exactly one wins', async () => {
    const [a, b] = await Promise.all([
      post(t.app, REGISTER, await encryptForm(t.app, validForm('Twin_Name')), { ip: '10.3.3.1' }),
      post(t.app, REGISTER, await encryptForm(t.app, validForm('twin_name')), { ip: '10.3.3.2' }),
    ]);
    expect([a.json().status, b.json().status].sort()).toEqual([0, 40000]);
    const { rows } = await t.db.query("SELECT 1 FROM users WHERE lower(login_name) = 'twin_name'");
    expect(rows).toHaveLength(1);
  });

  it('limits registrations per client address (429 with Retry-After)', async () => {
    const ip = '10.3.9.9';
    const plain = await encryptForm(t.app, validForm('flood_user'), true);
    for (let i = 0; i < 10; i++) {
      expectBusinessError(await post(t.app, REGISTER, plain, { ip }), 40000);
    }
    const blocked = await post(t.app, REGISTER, await encryptForm(t.app, validForm('flood_user')), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 42900, data: null });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await post(t.app, REGISTER, await encryptForm(t.app, validForm('flood_user')), {
      ip: '10.3.9.10',
    });
    expect(other.json().status).toBe(0);
  });

  it('the demo owner still signs in (registration did not touch other accounts)', async () => {
    expect(await loginAs(t.app, DEMO_OWNER.username, DEMO_OWNER.password)).toBeTruthy();
  });
});
