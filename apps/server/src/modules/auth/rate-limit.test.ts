import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../../test/helper';
import { signIn } from './test-login';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('sign-in rate limits', () => {
  it('refuses the 6th attempt after 5 failures on one account with 429 and Retry-After, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await signIn(t.app, DEMO_OWNER.username, `Wrong@Pass${i}`, {
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.json().status).toBe(40100);
    }
    const sixth = await signIn(t.app, DEMO_OWNER.username, DEMO_OWNER.password, {
      remoteAddress: '10.1.0.99',
      headers: { languageid: '2' },
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ status: 42900, msg: '尝试次数过多，请稍后再试', data: null });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
  });

  it('counts the account name case-insensitively', async () => {
    const res = await signIn(t.app, 'DEMO', 'Wrong@Pass', { remoteAddress: '10.1.0.100' });
    expect(res.statusCode).toBe(429);
  });

  it('refuses a client IP after 20 failures over any accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 20; i++) {
      const res = await signIn(t.app, `someone_${i % 4}`, 'Wrong@Pass1', { remoteAddress: ip });
      expect(res.json().status).toBe(40100);
    }
    const next = await signIn(t.app, 'fresh_name', 'Wrong@Pass1', { remoteAddress: ip });
    expect(next.statusCode).toBe(429);
    expect(next.json().status).toBe(42900);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    const otherIp = await signIn(t.app, 'fresh_name', 'Wrong@Pass1', { remoteAddress: '10.2.0.2' });
    expect(otherIp.json().status).toBe(40100);
  });
});
