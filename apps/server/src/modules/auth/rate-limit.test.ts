/**
 * Sign-in limits through the real routes (issue 6 item 7, docs/security.md "Sign-in limits"): a pair
 * (account, address) is locked after 5 failures, an address after 20 over any accounts, and the account
 * ceiling slows the addresses that keep failing without locking out the owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_NAME } from '../../db/seed/accounts';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../../test/helper';
import { TEST_ADMIN_PASSWORD } from '../admin/test-admin';
import { LOGIN_LIMITS } from './service';
import { signIn } from './test-login';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const status = async (res: Promise<{ json(): unknown }>) => ((await res).json() as { status: number }).status;

describe('sign-in limits per (account, address)', () => {
  const stranger = '10.1.0.1';

  it('refuses the 6th attempt of one pair with 429 and Retry-After, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        await status(signIn(t.app, DEMO_OWNER.username, `Wrong@Pass${i}`, { remoteAddress: stranger })),
      ).toBe(40100);
    }
    const sixth = await signIn(t.app, DEMO_OWNER.username, DEMO_OWNER.password, {
      remoteAddress: stranger,
      headers: { languageid: '2' },
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ status: 42900, msg: '尝试次数过多，请稍后再试', data: null });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
  });

  it('counts the account name case-insensitively within the pair', async () => {
    const res = await signIn(t.app, 'DEMO', 'Wrong@Pass', { remoteAddress: stranger });
    expect(res.statusCode).toBe(429);
  });

  it("does not stop the owner signing in from their own address after a stranger's failures", async () => {
    const res = await signIn(t.app, DEMO_OWNER.username, DEMO_OWNER.password, { remoteAddress: '10.1.0.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 0, data: { access_token: expect.any(String) } });
  });

  it('refuses an address after 20 failures over any accounts, and only that address', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      expect(await status(signIn(t.app, `someone_${i % 4}`, 'Wrong@Pass1', { remoteAddress: ip }))).toBe(
        40100,
      );
    }
    const next = await signIn(t.app, 'fresh_name', 'Wrong@Pass1', { remoteAddress: ip });
    expect(next.statusCode).toBe(429);
    expect(next.json().status).toBe(42900);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    expect(await status(signIn(t.app, 'fresh_name', 'Wrong@Pass1', { remoteAddress: '10.2.0.2' }))).toBe(
      40100,
    );
  });
});

describe('the account ceiling across addresses', () => {
  const attackers = Array.from({ length: LOGIN_LIMITS.account.soft + 2 }, (_, i) => `10.3.0.${i + 1}`);

  it('lets each address fail once without delay', async () => {
    for (const ip of attackers) {
      expect(await status(signIn(t.app, ADMIN_LOGIN_NAME, 'Guess@Pass1', { remoteAddress: ip }))).toBe(40100);
    }
  });

  it('then slows an address that failed: 429 with a Retry-After of seconds, not minutes', async () => {
    const res = await signIn(t.app, ADMIN_LOGIN_NAME, TEST_ADMIN_PASSWORD, { remoteAddress: attackers[0] });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 42900, data: null });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.account.maxDelayS);
  });

  it('does not lock: the right password from an address without failures signs in at once', async () => {
    const res = await signIn(t.app, ADMIN_LOGIN_NAME, TEST_ADMIN_PASSWORD, { remoteAddress: '10.3.1.1' });
    expect(res.json()).toMatchObject({ status: 0, data: { access_token: expect.any(String) } });
    // A wrong password from a new address is still answered as wrong, not refused.
    expect(await status(signIn(t.app, ADMIN_LOGIN_NAME, 'Guess@Pass2', { remoteAddress: '10.3.1.2' }))).toBe(
      40100,
    );
  });
});
