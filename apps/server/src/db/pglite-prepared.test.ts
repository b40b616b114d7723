import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRunner } from './pglite-prepared';

describe('named prepared statements on PGlite', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`CREATE TABLE t (id int PRIMARY KEY, ts timestamptz NOT NULL, v real, tags text[])`);
  });
  afterAll(() => client.close());

  const INSERT = `INSERT INTO t SELECT u.id, u.ts, u.v, ARRAY[u.tag]
                  FROM unnest($1::int[], $2::timestamptz[], $3::real[], $4::text[]) AS u(id, ts, v, tag)
                  ON CONFLICT DO NOTHING RETURNING id, ts, v, tags`;

  it('gives the rows query() gives, typed by the same parsers, on the first and every later call', async () => {
    const run = preparedRunner(client);
    const first = await run('t_insert', INSERT, [
      [1, 2],
      ['2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z'],
      [1.5, null],
      ['a"b', null],
    ]);
    expect(first.rows).toEqual([
      { id: 1, ts: new Date('2026-01-01T00:00:00Z'), v: 1.5, tags: ['a"b'] },
      { id: 2, ts: new Date('2026-01-01T00:00:01Z'), v: null, tags: [null] },
    ]);
    for (let i = 3; i < 10; i++) {
      const res = await run('t_insert', INSERT, [
        [i],
        [new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()],
        [i],
        ['x'],
      ]);
      expect(res.rows).toEqual([{ id: i, ts: new Date(Date.UTC(2026, 0, 1, 0, 0, i)), v: i, tags: ['x'] }]);
    }
    const direct = await client.query('SELECT count(*)::int AS n FROM t');
    expect(direct.rows).toEqual([{ n: 9 }]);
  });

  it('rejects with the SQLSTATE of a data error and leaves the session ready', async () => {
    const run = preparedRunner(client);
    await expect(run('t_bad', 'SELECT 1 / $1::int AS q', [0])).rejects.toMatchObject({ code: '22012' });
    await expect(run('t_bad', 'SELECT 1 / $1::int AS q', [2])).resolves.toMatchObject({ rows: [{ q: 0 }] });
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuses a name already prepared with another text, as pg does', async () => {
    const run = preparedRunner(client);
    await run('t_named', 'SELECT $1::int AS a', [1]);
    await expect(run('t_named', 'SELECT $1::int AS b', [1])).rejects.toThrow(/already prepared/);
    await expect(run('t_named', 'SELECT $1::int AS a', [2])).resolves.toMatchObject({ rows: [{ a: 2 }] });
  });

  it('prepares again a statement deallocated behind its back, or a name left over server-side', async () => {
    const run = preparedRunner(client);
    await run('t_gone', 'SELECT $1::int + 1 AS n', [1]);
    await client.query('DEALLOCATE ALL');
    await expect(run('t_gone', 'SELECT $1::int + 1 AS n', [2])).resolves.toMatchObject({ rows: [{ n: 3 }] });
    // A statement of that name already exists (as a Parse whose Describe failed would leave it).
    await client.query('PREPARE t_left AS SELECT 0 AS n');
    await expect(run('t_left', 'SELECT $1::int * 2 AS n', [4])).resolves.toMatchObject({ rows: [{ n: 8 }] });
  });

  it('waits for another caller’s transaction instead of running inside it', async () => {
    const run = preparedRunner(client);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((r) => {
      inserted = r;
    });
    const tx = client.transaction(async (t) => {
      await t.query(`INSERT INTO t VALUES (100, now(), 0, '{}')`);
      inserted();
      await held;
      await t.rollback();
    });
    await insertedInTx;
    const order: string[] = [];
    const statement = run('t_count', 'SELECT count(*)::int AS n FROM t WHERE id = $1', [100]).then((r) => {
      order.push('statement');
      return r;
    });
    await new Promise((r) => setTimeout(r, 50));
    order.push('release');
    release();
    await tx.catch(() => undefined);
    // Run inside the transaction it would have seen row 100, which the rollback removed.
    expect((await statement).rows).toEqual([{ n: 0 }]);
    expect(order).toEqual(['release', 'statement']);
  });
});
