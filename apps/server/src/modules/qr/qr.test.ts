import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBusinessError } from '../../test/answers';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { QR_CREATE_LIMIT } from './routes';

let t: TestApp;
let phoneUser: Awaited<ReturnType<typeof buildUser>>;
let phone: string;
beforeAll(async () => {
  t = await buildTestApp();
  phoneUser = await buildUser(t.db, { userName: 'Phone Owner' });
  phone = await signIn(t.app, phoneUser);
});
afterAll(async () => t?.close());

const API = '/owner_api/auth/owner/qrcode';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
let addressSeq = 0;

/** A desktop asks for a code (from its own address, so the creation limit is not shared between tests). */
async function createCode(remoteAddress = `10.9.${++addressSeq}.1`) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API}?platform=2`,
    headers: { 'user-agent': CHROME, host: 'cloud.example.com' },
    remoteAddress,
  });
  expect(res.json().status).toBe(0);
  return res.json().data as { qrcodeId: string; tscode: string; url: string; expiresAt: string };
}
const state = async (qrcodeId: string, tscode: string) =>
  (await t.app.inject({ method: 'GET', url: `${API}/state?qrcodeId=${qrcodeId}&tscode=${tscode}` })).json();
const scan = (qrcodeId: string, token = phone, languageId?: number) =>
  t.app.inject({ method: 'POST', url: `${API}/scan`, headers: { token }, payload: { qrcodeId, languageId } });
const confirm = (qrcodeId: string, approve: boolean, token = phone) =>
  t.app.inject({ method: 'POST', url: `${API}/confirm`, headers: { token }, payload: { qrcodeId, approve } });
const exchange = (getToken: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/token?getToken=${getToken}`,
    headers: { 'user-agent': CHROME },
    remoteAddress: '10.9.0.250',
  });

/** Runs a code to confirmed and returns its getToken. */
async function confirmedGetToken(): Promise<string> {
  const code = await createCode();
  await scan(code.qrcodeId);
  await confirm(code.qrcodeId, true);
  return (await state(code.qrcodeId, code.tscode)).data.getToken;
}

describe('QR-code sign-in', () => {
  it('runs the whole hand-off: waiting → scanned → confirmed → a session for the phone’s user, once', async () => {
    const before = Date.now();
    const code = await createCode('10.9.0.1');
    expect(code.qrcodeId).toMatch(/^[\w-]{24}$/);
    expect(code.tscode).toMatch(/^[\w-]{32}$/);
    expect(code.url).toBe(`http://cloud.example.com/qr-confirm?qrcodeId=${code.qrcodeId}`);
    const ttl = new Date(code.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(110_000);
    expect(ttl).toBeLessThanOrEqual(121_000);
    expect(await state(code.qrcodeId, code.tscode)).toEqual({
      status: 0,
      msg: 'Operation succeeded',
      data: { state: 'waiting', getToken: null },
    });

    const scanned = await scan(code.qrcodeId);
    expect(scanned.json()).toMatchObject({
      status: 0,
      data: { browser: 'Chrome 156 on Linux', ip: '10.9.0.1', state: 'scanned' },
    });
    expect(new Date(scanned.json().data.requestedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await state(code.qrcodeId, code.tscode)).data).toEqual({ state: 'scanned', getToken: null });

    const confirmed = await confirm(code.qrcodeId, true);
    expect(confirmed.json()).toMatchObject({ status: 0, data: { state: 'confirmed' } });
    const ready = (await state(code.qrcodeId, code.tscode)).data;
    expect(ready.state).toBe('confirmed');
    expect(ready.getToken).toMatch(/^[\w-]{43}$/);
    // The getToken comes once; later polls only say confirmed.
    expect((await state(code.qrcodeId, code.tscode)).data).toEqual({ state: 'confirmed', getToken: null });

    const session = await exchange(ready.getToken);
    expect(session.json()).toMatchObject({ status: 0, data: { expires_in: t.config.TOKEN_EXPIRES_MINUTES } });
    const token = session.json().data.access_token as string;
    expect(token).not.toBe(phone);
    const info = await t.app.inject({
      method: 'GET',
      url: '/owner_api/webpvesc/ajax/user/info',
      headers: { token },
    });
    expect(info.json().data).toMatchObject({ loginName: phoneUser.loginName, userName: 'Phone Owner' });

    const second = await exchange(ready.getToken);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      status: 40400,
      msg: 'The QR code has expired, please refresh it',
      data: null,
    });
    expect((await state(code.qrcodeId, code.tscode)).data.state).toBe('expired');
  });

  it('keeps only hashes of tscode and getToken', async () => {
    const code = await createCode();
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM qr_logins WHERE tscode_hash = $1 OR get_token_hash = $1',
      [code.tscode],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('answers a wrong tscode or an unknown code like an expired one', async () => {
    const code = await createCode();
    expect((await state(code.qrcodeId, 'W'.repeat(32))).data).toEqual({ state: 'expired', getToken: null });
    expect((await state('unknown-code-id', code.tscode)).data).toEqual({ state: 'expired', getToken: null });
    expect((await state(code.qrcodeId, code.tscode)).data.state).toBe('waiting');
  });

  it('expires: state says so and the phone is told in its language', async () => {
    const code = await createCode();
    await t.db.query("UPDATE qr_logins SET expires_at = now() - interval '1 second' WHERE id = $1", [
      code.qrcodeId,
    ]);
    expect((await state(code.qrcodeId, code.tscode)).data).toEqual({ state: 'expired', getToken: null });
    const res = await scan(code.qrcodeId, phone, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 40400, msg: '二维码已过期，请刷新', data: null });
  });

  it('a getToken not used in time is refused', async () => {
    const getToken = await confirmedGetToken();
    await t.db.query(
      "UPDATE qr_logins SET expires_at = now() - interval '1 second' WHERE get_token_hash IS NOT NULL",
    );
    expect((await exchange(getToken)).json().status).toBe(40400);
  });

  it('refusing on the phone ends the code', async () => {
    const code = await createCode();
    await scan(code.qrcodeId);
    const res = await confirm(code.qrcodeId, false);
    expect(res.json()).toEqual({
      status: 0,
      msg: 'Operation cancelled',
      data: { state: 'expired', getToken: null },
    });
    expect((await state(code.qrcodeId, code.tscode)).data.state).toBe('expired');
    expectBusinessError(await confirm(code.qrcodeId, true), 40400);
  });

  it('only the user who scanned may confirm; nobody else may take over a scanned code', async () => {
    const code = await createCode();
    const other = await signIn(t.app, await buildUser(t.db));
    expectBusinessError(await confirm(code.qrcodeId, true), 40300); // not scanned yet
    await scan(code.qrcodeId);
    expect((await scan(code.qrcodeId)).json().status).toBe(0); // the same phone again is fine
    const takeOver = await scan(code.qrcodeId, other);
    expect(takeOver.statusCode).toBe(200);
    expect(takeOver.json().status).toBe(40300);
    expectBusinessError(await confirm(code.qrcodeId, true, other), 40300);
    expect((await state(code.qrcodeId, code.tscode)).data.state).toBe('scanned');
  });

  it('scan and confirm need a signed-in phone', async () => {
    const code = await createCode();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/scan`,
      payload: { qrcodeId: code.qrcodeId },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(1000);
  });

  it('does not sign in a user disabled after confirming', async () => {
    const user = await buildUser(t.db);
    const token = await signIn(t.app, user);
    const code = await createCode();
    await scan(code.qrcodeId, token);
    await confirm(code.qrcodeId, true, token);
    const { getToken } = (await state(code.qrcodeId, code.tscode)).data;
    await t.db.query('UPDATE users SET disabled = true WHERE id = $1', [user.id]);
    expect((await exchange(getToken)).json()).toMatchObject({
      status: 40101,
      msg: 'This account is disabled',
    });
  });

  it('accepts only platform 2', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}?platform=1` });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(40000);
  });

  it('limits code creation per client address', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < QR_CREATE_LIMIT.limit; i++) await createCode(ip);
    const res = await t.app.inject({ method: 'GET', url: `${API}?platform=2`, remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().status).toBe(42900);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await createCode('10.77.0.2');
  });
});
