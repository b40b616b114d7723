/**
 * Issue 6 item 8: password retrieval and the public e-mail calls answer byte for byte alike for a
 * missing account, an account in any other state, and a real one (status, msg, data, Retry-After), so
 * none of them tells which accounts or addresses exist. The same work is done for nobody (a rehearsal
 * rolled back), which leaves nothing behind.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { encryptPassword, fetchPublicKey } from '../auth/test-login';
import {
  ACTIVE,
  BACK,
  encryptForm,
  get,
  latestCodeTo,
  post,
  RESET,
  VERIFY,
  validForm,
  wrongCode,
} from './test-account';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

let ipN = 0;
/** A fresh client address per call, so the per-address limits stay out of the comparison. */
const ip = () => `10.66.${Math.floor(++ipN / 250)}.${(ipN % 250) + 1}`;

/** What a caller can observe of an answer. */
const seen = (res: LightMyRequestResponse) => ({
  http: res.statusCode,
  retryAfter: res.headers['retry-after'] ?? null,
  body: res.json() as unknown,
});

/** Asserts that every answer equals the first and returns it. */
function alike(answers: LightMyRequestResponse[]) {
  const [first, ...rest] = answers.map(seen);
  for (const other of rest) expect(other).toEqual(first);
  return first!;
}

const mailsTo = async (address: string) =>
  (await t.db.query('SELECT 1 FROM mail_outbox WHERE lower(to_address) = lower($1)', [address])).rows.length;

describe('password retrieval answers alike', () => {
  it('asking for a code: missing, no e-mail, unverified, disabled, real, and real again within 60 s', async () => {
    const real = await buildUser(t.db, { email: 'enum.real@example.com', emailVerified: true });
    const unverified = await buildUser(t.db, { email: 'enum.unverified@example.com', emailVerified: false });
    const noMail = await buildUser(t.db, { email: null });
    const disabled = await buildUser(t.db, {
      email: 'enum.disabled@example.com',
      emailVerified: true,
      disabled: true,
    });
    const names = ['enum_nobody', noMail.loginName, unverified.loginName, disabled.loginName, real.loginName];
    const answers = [];
    for (const name of [...names, real.loginName])
      answers.push(await post(t.app, BACK, { userName: name }, { ip: ip() }));
    const answer = alike(answers);
    expect(answer).toMatchObject({
      http: 200,
      retryAfter: null,
      body: { status: 0, data: { resendAfterSeconds: 60 } },
    });
    // Only the real account got mail, and only once.
    expect(await mailsTo('enum.real@example.com')).toBe(1);
    expect(await mailsTo('enum.unverified@example.com')).toBe(0);
    expect(await mailsTo('enum.disabled@example.com')).toBe(0);
  });

  it('checking a code: missing account, real account without a code, real account with a wrong code', async () => {
    const withCode = await buildUser(t.db, { email: 'enum.code@example.com', emailVerified: true });
    const withoutCode = await buildUser(t.db, { email: 'enum.nocode@example.com', emailVerified: true });
    await post(t.app, BACK, { userName: withCode.loginName }, { ip: ip() });
    const code = await latestCodeTo(t.db, 'enum.code@example.com');
    const answer = alike([
      await post(t.app, BACK, { userName: 'enum_nobody', validCode: wrongCode(code) }, { ip: ip() }),
      await post(t.app, BACK, { userName: withoutCode.loginName, validCode: wrongCode(code) }, { ip: ip() }),
      await post(t.app, BACK, { userName: withCode.loginName, validCode: wrongCode(code) }, { ip: ip() }),
    ]);
    expect(answer.body).toEqual({
      status: 40000,
      msg: 'Invalid verification code',
      data: { field: 'validCode' },
    });
  });

  it('resetting: missing account and real account with a made-up ticket', async () => {
    const real = await buildUser(t.db, { email: 'enum.reset@example.com', emailVerified: true });
    const key = await fetchPublicKey(t.app);
    const body = (userName: string) => ({
      userName,
      resetTicket: 'x'.repeat(43),
      password: encryptPassword(key, 'Enum@Pass2026'),
      confirmPassword: encryptPassword(key, 'Enum@Pass2026'),
    });
    const answer = alike([
      await post(t.app, RESET, body('enum_nobody')),
      await post(t.app, RESET, body(real.loginName)),
    ]);
    expect(answer.body).toEqual({
      status: 40000,
      msg: 'Invalid verification code',
      data: { field: 'resetTicket' },
    });
  });
});

describe('the public e-mail calls answer alike', () => {
  const address = 'enum.shared@example.com';

  it('resending the registration code: unknown name, other address, verified, disabled, and too soon', async () => {
    const form = validForm('enum_fresh', { email: address });
    expect(
      (await post(t.app, '/owner_api/webpvesc/ajax/register', await encryptForm(t.app, form))).json().status,
    ).toBe(0);
    const verified = await buildUser(t.db, { email: address, emailVerified: true });
    const disabled = await buildUser(t.db, { email: address, emailVerified: false, disabled: true });
    const other = await buildUser(t.db, { email: 'enum.other@example.com', emailVerified: false });
    const resend = (userName: string) =>
      get(t.app, `${ACTIVE}?email=${encodeURIComponent(address)}&userName=${userName}`, { ip: ip() });
    const before = await mailsTo(address);
    const answer = alike([
      await resend('enum_nobody'),
      await resend(other.loginName),
      await resend(verified.loginName),
      await resend(disabled.loginName),
      await resend('enum_fresh'), // its code went out with the registration, seconds ago
    ]);
    expect(answer).toMatchObject({
      http: 200,
      retryAfter: null,
      body: { status: 0, data: { resendAfterSeconds: 60 } },
    });
    expect(await mailsTo(address)).toBe(before);
  });

  it('verifying by name: unknown name, disabled, nothing to verify, and a wrong code', async () => {
    const waiting = validForm('enum_waiting');
    await post(t.app, '/owner_api/webpvesc/ajax/register', await encryptForm(t.app, waiting));
    const code = await latestCodeTo(t.db, waiting.email);
    const verified = await buildUser(t.db, { email: 'enum.done@example.com', emailVerified: true });
    const disabled = await buildUser(t.db, {
      email: 'enum.off@example.com',
      emailVerified: false,
      disabled: true,
    });
    const verify = (userName: string) => post(t.app, VERIFY, { userName, validCode: wrongCode(code) });
    const answer = alike([
      await verify('enum_nobody'),
      await verify(disabled.loginName),
      await verify(verified.loginName),
      await verify('enum_waiting'),
    ]);
    expect(answer.body).toEqual({
      status: 40000,
      msg: 'Invalid verification code',
      data: { field: 'validCode' },
    });
  });

  it('the work done for nobody leaves no code and no mail behind', async () => {
    const { rows } = await t.db.query(
      "SELECT 1 FROM verification_codes WHERE address LIKE '%@rehearsal.invalid' UNION ALL SELECT 1 FROM mail_outbox WHERE to_address LIKE '%@rehearsal.invalid'",
    );
    expect(rows).toHaveLength(0);
  });
});
