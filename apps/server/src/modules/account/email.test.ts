import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import {
  ACTIVE,
  encryptForm,
  get,
  INFO,
  latestCodeTo,
  post,
  VERIFY,
  validForm,
  wrongCode,
} from './test-account';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

let n = 0;
/** A signed-in user with an unverified e-mail; each test gets its own addresses and client address. */
async function freshUser() {
  n++;
  const user = await buildUser(t.db, { email: `old${n}@example.com`, emailVerified: false });
  return { user, token: await signIn(t.app, user), ip: `10.4.${n}.1`, address: `new${n}@example.com` };
}

const activate = (token: string, email: string, ip: string, languageId?: number) =>
  get(t.app, `${ACTIVE}?email=${encodeURIComponent(email)}`, { token, ip, languageId });
const verify = (token: string | undefined, validCode: string, extra: Record<string, unknown> = {}) =>
  post(t.app, VERIFY, { validCode, ...extra }, { token });
/** Makes the newest code of `address` look `seconds` older (created and expiry both move). */
const age = (address: string, seconds: number) =>
  t.db.query(
    `UPDATE verification_codes SET created_at = created_at - make_interval(secs => $2),
            expires_at = expires_at - make_interval(secs => $2)
      WHERE id = (SELECT max(id) FROM verification_codes WHERE address = $1)`,
    [address, seconds],
  );

describe('user/email/active and user/email/verify (signed in)', () => {
  it('sends a code to the wanted address, then the right code makes it the verified e-mail', async () => {
    const { user, token, ip, address } = await freshUser();
    const sent = await activate(token, address, ip);
    expect(sent.json()).toEqual({
      status: 0,
      msg: `A verification code was sent to n***@example.com`,
      data: { maskedAddress: 'n***@example.com', resendAfterSeconds: 60 },
    });
    const pending = await t.db.query<{ pending_email: string }>(
      'SELECT pending_email FROM users WHERE id = $1',
      [user.id],
    );
    expect(pending.rows[0]!.pending_email).toBe(address);
    const ok = await verify(token, await latestCodeTo(t.db, address));
    expect(ok.json()).toEqual({ status: 0, msg: 'E-mail verified', data: null });
    const info = await get(t.app, INFO, { token });
    expect(info.json().data).toMatchObject({ email: address, emailVerified: true });
  });

  it('answers 无效验证码 for a wrong code, in the caller language', async () => {
    const { token, ip, address } = await freshUser();
    await activate(token, address, ip);
    const res = await post(
      t.app,
      VERIFY,
      { validCode: wrongCode(await latestCodeTo(t.db, address)), languageId: 2 },
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 40000, msg: '无效验证码', data: { field: 'validCode' } });
  });

  it('is case-sensitive: the code with its case swapped is wrong, the exact code still works', async () => {
    const { token, ip, address } = await freshUser();
    await activate(token, address, ip);
    let code = await latestCodeTo(t.db, address);
    // A code of digits only has no case to swap: ask for another until it has letters.
    while (!/[A-Za-z]/.test(code)) {
      await age(address, 61);
      await activate(token, address, ip);
      code = await latestCodeTo(t.db, address);
    }
    const swapped = [...code]
      .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
      .join('');
    expect((await verify(token, swapped)).json().msg).toBe('Invalid verification code');
    expect((await verify(token, code)).json().status).toBe(0);
  });

  it('kills a code after 3 wrong tries: the right one is refused afterwards', async () => {
    const { token, ip, address } = await freshUser();
    await activate(token, address, ip);
    const code = await latestCodeTo(t.db, address);
    for (let i = 0; i < 3; i++) expect((await verify(token, wrongCode(code))).json().status).toBe(40000);
    const late = await verify(token, code);
    expect(late.json()).toMatchObject({ status: 40000, msg: 'Invalid verification code' });
  });

  it('two wrong tries leave the code alive', async () => {
    const { token, ip, address } = await freshUser();
    await activate(token, address, ip);
    const code = await latestCodeTo(t.db, address);
    for (let i = 0; i < 2; i++) await verify(token, wrongCode(code));
    expect((await verify(token, code)).json().status).toBe(0);
  });

  it('a code is dead after 10 minutes', async () => {
    const { token, ip, address } = await freshUser();
    await activate(token, address, ip);
    const code = await latestCodeTo(t.db, address);
    await age(address, 601);
    // Issue 34 item 4: the right code, too late, says it expired and points to Resend; a wrong one stays invalid.
    expect((await verify(token, wrongCode(code))).json()).toMatchObject({
      status: 40000,
      msg: 'Invalid verification code',
    });
    expect((await verify(token, code)).json()).toMatchObject({
      status: 40000,
      msg: 'This verification code has expired: use “Resend code” to get a new one',
    });
  });

  it('allows one send per 60 s to an address (429, seconds left, Retry-After); a new code replaces the old', async () => {
    const { token, ip, address } = await freshUser();
    await activate(token, address, ip);
    const first = await latestCodeTo(t.db, address);
    const again = await activate(token, address, ip, 2);
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.json()).toEqual({ status: 42900, msg: `请 ${wait} 秒后再获取验证码`, data: null });
    // The refused send wrote neither a code nor a mail.
    const mails = await t.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [address]);
    expect(mails.rows).toHaveLength(1);
    await age(address, 61);
    expect((await activate(token, address, ip)).json().status).toBe(0);
    const second = await latestCodeTo(t.db, address);
    if (second !== first) expect((await verify(token, first)).json().status).toBe(40000);
    expect((await verify(token, second)).json().status).toBe(0);
  });

  it('a code is single-use and bound to its address', async () => {
    const { token, ip, address } = await freshUser();
    await activate(token, address, ip);
    const first = await latestCodeTo(t.db, address);
    expect((await verify(token, first)).json().status).toBe(0);
    const other = address.replace('new', 'other');
    await activate(token, other, ip);
    expect((await verify(token, first)).json()).toMatchObject({
      status: 40000,
      msg: 'Invalid verification code',
    });
    const info = await get(t.app, INFO, { token });
    expect(info.json().data.email).toBe(address);
  });

  it('answers "already verified" for the verified e-mail itself', async () => {
    const { token, ip, address } = await freshUser();
    await activate(token, address, ip);
    await verify(token, await latestCodeTo(t.db, address));
    const res = await activate(token, address.toUpperCase(), ip, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 40000, msg: '邮箱已验证', data: { field: 'email' } });
    expect((await verify(token, 'AAAAAA')).json().msg).toBe('This e-mail is already verified');
  });

  it('checks the e-mail format and the code shape, and needs a session to send', async () => {
    const { token, ip } = await freshUser();
    const bad = await activate(token, 'nope@', ip);
    expect(bad.json()).toEqual({
      status: 40000,
      msg: 'Please enter a correct e-mail address',
      data: { field: 'email' },
    });
    const shape = await verify(token, 'abc');
    expect(shape.json()).toEqual({
      status: 40000,
      msg: 'The verification code is 6 letters or digits',
      data: { field: 'validCode' },
    });
    const anonymous = await get(t.app, `${ACTIVE}?email=a%40example.com`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(1000);
  });
});

describe('user/email/verify right after registration (no session)', () => {
  it('verifies the registration code by user name; a second use answers as a wrong code (nothing to probe)', async () => {
    const form = validForm('fresh_reg');
    const reg = await post(t.app, '/owner_api/webpvesc/ajax/register', await encryptForm(t.app, form), {
      ip: '10.4.200.1',
    });
    expect(reg.json().status).toBe(0);
    const code = await latestCodeTo(t.db, form.email);
    expect((await verify(undefined, wrongCode(code), { userName: 'someone_else' })).json().status).toBe(
      40000,
    );
    const ok = await verify(undefined, code, { userName: 'fresh_reg' });
    expect(ok.json()).toEqual({ status: 0, msg: 'E-mail verified', data: null });
    const { rows } = await t.db.query<{ email_verified: boolean }>(
      "SELECT email_verified FROM users WHERE login_name = 'fresh_reg'",
    );
    expect(rows[0]!.email_verified).toBe(true);
    expect((await verify(undefined, code, { userName: 'fresh_reg' })).json()).toEqual({
      status: 40000,
      msg: 'Invalid verification code',
      data: { field: 'validCode' },
    });
  });

  it('needs the user name without a session, and refuses a bad token like any call', async () => {
    const noName = await post(t.app, VERIFY, { validCode: 'AAAAAA', languageId: 2 });
    expect(noName.json()).toEqual({ status: 40000, msg: '不能为空', data: { field: 'userName' } });
    const badToken = await verify('A'.repeat(43), 'AAAAAA', { userName: 'fresh_reg' });
    expect(badToken.statusCode).toBe(200);
    expect(badToken.json().status).toBe(21000);
  });
});

describe('user/email/active right after registration (no session)', () => {
  const mailsTo = async (address: string) =>
    Number(
      (
        await t.db.query<{ n: string }>('SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = $1', [
          address,
        ])
      ).rows[0]!.n,
    );
  const resend = (userName: string, email: string, ip: string, languageId?: number) =>
    get(t.app, `${ACTIVE}?email=${encodeURIComponent(email)}&userName=${userName}`, { ip, languageId });

  it('sends a new code to the registered address after 60 s (sooner: the same answer, no mail); the new code verifies, the old one is dead', async () => {
    const form = validForm('resend_reg');
    const reg = await post(t.app, '/owner_api/webpvesc/ajax/register', await encryptForm(t.app, form), {
      ip: '10.4.210.1',
    });
    expect(reg.json().data).toMatchObject({
      email: form.email,
      emailVerified: false,
      resendAfterSeconds: 60,
    });
    const first = await latestCodeTo(t.db, form.email);

    const tooSoon = await resend('resend_reg', form.email, '10.4.210.2');
    expect(tooSoon.statusCode).toBe(200);
    expect(tooSoon.json()).toMatchObject({ status: 0, data: { resendAfterSeconds: 60 } });
    expect(await mailsTo(form.email)).toBe(1);

    await age(form.email, 61);
    const again = await resend('resend_reg', form.email, '10.4.210.3');
    expect(again.json()).toMatchObject({ status: 0, data: { resendAfterSeconds: 60 } });
    expect(await mailsTo(form.email)).toBe(2);
    const second = await latestCodeTo(t.db, form.email);

    expect((await verify(undefined, first, { userName: 'resend_reg' })).json().status).toBe(40000);
    const ok = await verify(undefined, second, { userName: 'resend_reg' });
    expect(ok.json()).toEqual({ status: 0, msg: 'E-mail verified', data: null });
    // Verified now: the same answer as an unknown name, and no mail.
    const done = await resend('resend_reg', form.email, '10.4.210.4');
    expect(done.json()).toEqual(tooSoon.json());
    expect(await mailsTo(form.email)).toBe(2);
  });

  it('mails nobody for an unknown name or another address, and answers the same', async () => {
    const form = validForm('resend_other');
    await post(t.app, '/owner_api/webpvesc/ajax/register', await encryptForm(t.app, form), {
      ip: '10.4.211.1',
    });
    await age(form.email, 61);
    const stranger = 'stranger@example.com';
    const wrongAddress = await resend('resend_other', stranger, '10.4.211.2');
    const unknownName = await resend('nobody_here', stranger, '10.4.211.3');
    expect(wrongAddress.json()).toEqual(unknownName.json());
    expect(wrongAddress.json().status).toBe(0);
    expect(await mailsTo(stranger)).toBe(0);
    expect(await mailsTo(form.email)).toBe(1);
  });
});

describe('registering another account while signed in', () => {
  it('resends and verifies for the named new account; the signed-in account keeps its e-mail', async () => {
    const { user, token } = await freshUser();
    const form = validForm('second_acct');
    await post(t.app, '/owner_api/webpvesc/ajax/register', await encryptForm(t.app, form), {
      ip: '10.4.220.1',
      token,
    });
    await age(form.email, 61);
    const resent = await get(
      t.app,
      `${ACTIVE}?email=${encodeURIComponent(form.email)}&userName=second_acct`,
      { token, ip: '10.4.220.2' },
    );
    expect(resent.json().status).toBe(0);
    const code = await latestCodeTo(t.db, form.email);
    const ok = await verify(token, code, { userName: 'second_acct' });
    expect(ok.json()).toEqual({ status: 0, msg: 'E-mail verified', data: null });

    const { rows } = await t.db.query<{
      login_name: string;
      email: string;
      email_verified: boolean;
      pending_email: string | null;
    }>(
      'SELECT login_name, email, email_verified, pending_email FROM users WHERE id = $1 OR login_name = $2 ORDER BY id',
      [user.id, 'second_acct'],
    );
    expect(rows).toEqual([
      { login_name: user.loginName, email: user.email, email_verified: false, pending_email: null },
      { login_name: 'second_acct', email: form.email, email_verified: true, pending_email: null },
    ]);
  });
});

describe('codes of two accounts with one address', () => {
  it("a code sent for one account leaves the other account's code alive", async () => {
    const form = validForm('shared_addr');
    await post(t.app, '/owner_api/webpvesc/ajax/register', await encryptForm(t.app, form), {
      ip: '10.4.230.1',
    });
    const code = await latestCodeTo(t.db, form.email);
    await age(form.email, 61);
    const { token, ip } = await freshUser();
    expect((await activate(token, form.email, ip)).json().status).toBe(0);
    const ok = await verify(undefined, code, { userName: 'shared_addr' });
    expect(ok.json()).toEqual({ status: 0, msg: 'E-mail verified', data: null });
  });
});
