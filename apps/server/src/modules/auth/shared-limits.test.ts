/**
 * Issue 23 item 2: the rate limits of two API nodes. With one Redis (REDIS_URL) two app instances count
 * each sign-in layer and the other limits together, so failures split over the nodes reach the limit;
 * without it each instance counts on its own (docs/security.md "Sign-in limits", decision 0021).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_NAME } from '../../db/seed/accounts';
import { buildTestApp, DEMO_OWNER, type TestApp } from '../../test/helper';
import { startTestRedis, type TestRedis } from '../../test/test-redis';
import { ACCOUNT_LIMITS } from '../account/limits';
import { TEST_ADMIN_PASSWORD } from '../admin/test-admin';
import { LOGIN_LIMITS } from './service';
import { signIn } from './test-login';

/** Two app instances ("nodes"), each on its own database, with the same `env`. */
async function twoNodes(env: Record<string, string>): Promise<[TestApp, TestApp]> {
  return Promise.all([buildTestApp(env), buildTestApp(env)]);
}

/** One failed sign-in of `name` from `ip` on `node`: its envelope status (40100 wrong password). */
async function fail(node: TestApp, name: string, ip: string): Promise<number> {
  return (await signIn(node.app, name, 'Wrong@Pass1', { remoteAddress: ip })).json().status;
}

const probe = (node: TestApp, ip: string) =>
  node.app.inject({
    method: 'POST',
    url: '/owner_api/auth/owner/register/verifyUserName',
    payload: { userName: 'free_name_1' },
    remoteAddress: ip,
  });

describe('two nodes sharing one Redis', () => {
  let redis: TestRedis;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    redis = await startTestRedis();
    [a, b] = await twoNodes({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.dispose();
  });

  it('counts one (account, address) pair over both: 3 failures on one and 2 on the other lock it', async () => {
    const ip = '10.23.0.1';
    for (let i = 0; i < 3; i++) expect(await fail(a, DEMO_OWNER.username, ip)).toBe(40100);
    for (let i = 0; i < 2; i++) expect(await fail(b, DEMO_OWNER.username, ip)).toBe(40100);
    for (const node of [a, b]) {
      const res = await signIn(node.app, DEMO_OWNER.username, DEMO_OWNER.password, {
        remoteAddress: ip,
        headers: { languageid: '2' },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ status: 42900, msg: '尝试次数过多，请稍后再试', data: null });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);
    }
    // The owner at their own address is not stopped on either node.
    const own = await signIn(b.app, DEMO_OWNER.username, DEMO_OWNER.password, {
      remoteAddress: '10.23.0.2',
    });
    expect(own.json()).toMatchObject({ status: 0, data: { access_token: expect.any(String) } });
  });

  it('counts an address over both nodes and any accounts', async () => {
    const ip = '10.23.1.1';
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      expect(await fail(i % 2 ? a : b, `someone_${i % 4}`, ip)).toBe(40100);
    }
    const next = await signIn(a.app, 'fresh_name', 'Wrong@Pass1', { remoteAddress: ip });
    expect(next.statusCode).toBe(429);
  });

  it('slows an account failed on from many addresses over both nodes', async () => {
    const soft = LOGIN_LIMITS.account.soft;
    const attackers = Array.from({ length: soft + 2 }, (_, i) => `10.23.2.${i + 1}`);
    for (const [i, ip] of attackers.entries()) {
      expect(await fail(i % 2 ? a : b, ADMIN_LOGIN_NAME, ip)).toBe(40100);
    }
    // The first attacker failed on b; a knows it and holds it back.
    const res = await signIn(a.app, ADMIN_LOGIN_NAME, TEST_ADMIN_PASSWORD, { remoteAddress: attackers[0] });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.account.maxDelayS);
    // Never a lock: the right password from a fresh address signs in.
    const owner = await signIn(a.app, ADMIN_LOGIN_NAME, TEST_ADMIN_PASSWORD, {
      remoteAddress: '10.23.2.200',
    });
    expect(owner.json()).toMatchObject({ status: 0 });
  });

  it('counts the other limits over both nodes too (name look-ups per address)', async () => {
    const ip = '10.23.3.1';
    for (let i = 0; i < ACCOUNT_LIMITS.probe.limit; i++) {
      expect((await probe(i % 2 ? a : b, ip)).json().status).toBe(0);
    }
    const res = await probe(a, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().status).toBe(42900);
  });

  it('keeps answering when Redis is gone: each node counts in its own memory', async () => {
    await redis.stop();
    const ip = '10.23.4.1';
    for (let i = 0; i < LOGIN_LIMITS.perPair; i++) expect(await fail(a, 'nobody_here', ip)).toBe(40100);
    expect((await signIn(a.app, 'nobody_here', 'Wrong@Pass1', { remoteAddress: ip })).statusCode).toBe(429);
    // b counted nothing of a's: without Redis the limit holds per node.
    expect(await fail(b, 'nobody_here', ip)).toBe(40100);
    await redis.start();
  });
});

describe('two nodes without REDIS_URL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await twoNodes({});
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('count in each process: failures split over the nodes do not lock the pair', async () => {
    expect(a.config.REDIS_URL).toBeUndefined();
    const ip = '10.23.5.1';
    for (let i = 0; i < 3; i++) expect(await fail(a, DEMO_OWNER.username, ip)).toBe(40100);
    for (let i = 0; i < 3; i++) expect(await fail(b, DEMO_OWNER.username, ip)).toBe(40100);
    // 6 failures in all, 3 on each node: neither has reached 5.
    const res = await signIn(b.app, DEMO_OWNER.username, DEMO_OWNER.password, { remoteAddress: ip });
    expect(res.json()).toMatchObject({ status: 0, data: { access_token: expect.any(String) } });
  });

  it('yet each node limits on its own, with the same numbers', async () => {
    const ip = '10.23.5.2';
    for (let i = 0; i < LOGIN_LIMITS.perPair; i++) expect(await fail(a, DEMO_OWNER.username, ip)).toBe(40100);
    expect(
      (await signIn(a.app, DEMO_OWNER.username, DEMO_OWNER.password, { remoteAddress: ip })).statusCode,
    ).toBe(429);
  });
});
