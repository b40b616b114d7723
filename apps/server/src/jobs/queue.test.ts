/**
 * The job queue's transactional send (jobs/queue.ts): a job sent inside a transaction exists exactly when
 * the transaction commits, and a queue this process has not declared is refused at once instead of
 * waiting on a lookup the open transaction blocks (PGlite has one connection).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const jobsOf = async (queue: string) =>
  Number(
    (await t.db.query<{ n: string }>('SELECT count(*) AS n FROM pgboss.job WHERE name = $1', [queue]))
      .rows[0]!.n,
  );

describe('send inside a transaction', () => {
  it('adds the job with the commit and not with a rollback', async () => {
    await t.queue.declare([{ name: 'queue-test-tx' }]);
    await t.db.db.transaction(async (tx) => {
      await t.queue.send('queue-test-tx', { n: 1 }, {}, tx);
    });
    expect(await jobsOf('queue-test-tx')).toBe(1);
    await expect(
      t.db.db.transaction(async (tx) => {
        await t.queue.send('queue-test-tx', { n: 2 }, {}, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobsOf('queue-test-tx')).toBe(1);
  });

  it('refuses a queue not declared by this process, and the transaction rolls back', async () => {
    await expect(
      t.db.db.transaction(async (tx) => {
        await t.queue.send('queue-test-undeclared', { n: 1 }, {}, tx);
      }),
    ).rejects.toThrow('must be declared');
    expect(await jobsOf('queue-test-undeclared')).toBe(0);
  });
});
