/**
 * Issue 19 §1: a request that runs past the request budget is answered "the request took too long"
 * (HTTP 503, status 50300, in the caller's language) while the server goes on answering others; on
 * PostgreSQL its statement is cancelled at the same budget (statement_timeout of the pool). The slow
 * call is a route of this test's own: no product route is slow on purpose.
 */
import { API_PREFIX, LANGUAGE_HEADER } from '@ems/contract/constants';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { buildTestApp, type TestApp } from '../test/helper';

const BUDGET_MS = 400;
const SLOW = `${API_PREFIX}/test/slow`;
let t: TestApp;
/** How the slow route's statement ended: its error code, or 'finished'. */
let statementEnd: Promise<string> = Promise.resolve('not run');

beforeAll(async () => {
  t = await buildTestApp({ REQUEST_BUDGET_MS: String(BUDGET_MS) }, (app, db: DbHandle) => {
    app.get(SLOW, { config: { public: true } }, async () => {
      // PGlite runs a statement in this thread (a sleep there would hold the timer too): wait in JS instead.
      const work =
        db.kind === 'postgres'
          ? db.query('SELECT pg_sleep(5)').then(() => 'finished')
          : new Promise<string>((r) => setTimeout(() => r('finished'), 1500));
      statementEnd = work.catch((err: { code?: string }) => err.code ?? 'error');
      await statementEnd;
      return { status: 0, msg: 'late', data: null };
    });
  });
});
afterAll(async () => t?.close());

describe('request budget', () => {
  it('answers a request past its budget with 503 in the caller’s language and keeps serving others', async () => {
    const [slow, other] = await Promise.all([
      t.app.inject({ method: 'GET', url: SLOW, headers: { [LANGUAGE_HEADER]: '2' } }),
      t.app.inject({ method: 'GET', url: `${API_PREFIX}/webpvesc/ajax/language/list` }),
    ]);
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ status: Status.REQUEST_TIMEOUT, data: null });
    expect(slow.json().msg).toMatch(/请求处理时间过长/);
    expect(other.json()).toMatchObject({ status: Status.OK });
  });

  it('cancels the request’s database statement at the budget on PostgreSQL', async () => {
    await t.app.inject({ method: 'GET', url: SLOW });
    const end = await statementEnd;
    if (t.db.kind === 'postgres') {
      // 57014 query_canceled: statement_timeout ended pg_sleep(5) after the budget, not after 5 s.
      expect(end).toBe('57014');
      const running = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(5)%' AND state = 'active'`,
      );
      expect(running.rows[0]!.n).toBe(0);
    } else {
      // PGlite cannot cancel a statement (it runs in the server's thread): the answer went at the budget,
      // and the work ran to its end afterwards, as docs/security.md says.
      expect(end).toBe('finished');
    }
  });
});
