/**
 * Issue 31 item 5: push/test is rate-limited per user (PUSH_TEST_LIMIT, 5 within 10 minutes): the 6th
 * call is answered 429 and queues nothing, where 30 calls queued 30 mails before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { post } from '../account/test-account';
import { PUSH_TEST_LIMIT } from './user-routes';

const PUSH = '/owner_api/webpvesc/ajax/push';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('push/test', () => {
  it('queues a test for the first 5 calls of a user and refuses the 6th with 429', async () => {
    const email = `limit-${Date.now()}@example.com`;
    const owner = await buildUser(t.db, { email, emailVerified: true });
    const token = await signIn(t.app, owner);
    await t.db.query('INSERT INTO push_mailboxes (user_id, email, verified_at) VALUES ($1, $2, now())', [
      owner.id,
      email,
    ]);
    const queued = async () =>
      Number(
        (
          await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM push_deliveries WHERE user_id = $1 AND kind = 'test'`,
            [owner.id],
          )
        ).rows[0]!.n,
      );
    for (let i = 0; i < PUSH_TEST_LIMIT.limit; i++) {
      const r = await post(t.app, `${PUSH}/test`, { channel: 'email' }, { token });
      expect(r.json()).toMatchObject({ status: 0 });
    }
    expect(await queued()).toBe(PUSH_TEST_LIMIT.limit);
    const sixth = await post(t.app, `${PUSH}/test`, { channel: 'email' }, { token });
    expect(sixth.statusCode).toBe(429);
    expect(await queued()).toBe(PUSH_TEST_LIMIT.limit);
  });
});
