import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type PgliteThreadClient } from './pglite-thread';
import { asUrgent } from './urgency';

/** Runs `lines` as an ES module in a new Node process at the repository's root; @returns its stdout, trimmed. */
async function runScript(lines: readonly string[], timeoutMs: number): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', lines.join('\n')],
    { timeout: timeoutMs, cwd: new URL('../../../..', import.meta.url).pathname },
  );
  return stdout.trim();
}

describe('PGlite on its own thread (issue 36; decision 0032)', () => {
  let client: PgliteThreadClient;
  beforeAll(async () => {
    client = await openPgliteThread(undefined);
    await client.exec('CREATE TABLE item (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
  });
  afterAll(() => client.close());

  it('a long statement does not hold the server thread: a 10-ms timer fires while it runs', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 10);
    // Hundreds of ms of PostgreSQL work; in the server's own thread the timer would fire only after it.
    await client.query('SELECT count(*) FROM generate_series(1, 3000000) g WHERE g % 7 = 0');
    order.push('statement');
    expect(order).toEqual(['timer', 'statement']);
  });

  it("opens with the shared_buffers asked for (PGLITE_SHARED_BUFFERS), PGlite's other settings kept", async () => {
    expect((await client.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows).toEqual([
      { shared_buffers: '128MB' },
    ]);
    const small = await openPgliteThread(undefined, undefined, '32MB');
    try {
      const show = async (name: string) =>
        Object.values((await small.query<Record<string, string>>(`SHOW ${name}`)).rows[0]!)[0];
      expect(await show('shared_buffers')).toBe('32MB');
      expect(await show('search_path')).toBe('public');
      expect(await show('max_worker_processes')).toBe('0');
    } finally {
      await small.close();
    }
  });

  it("errors carry PGlite's fields (SQLSTATE, constraint), and the database is usable after one", async () => {
    await client.query('INSERT INTO item (id) VALUES (1)');
    const err = await client.query('INSERT INTO item (id) VALUES (1)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'item_pkey' });
    expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM item')).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('a transaction commits, rolls back on a throw, and holds other statements until it ends', async () => {
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO item (id) VALUES (2)');
    });
    const thrown = await client
      .transaction(async (tx) => {
        await tx.query('INSERT INTO item (id) VALUES (3)');
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(thrown).toBe('changed my mind');

    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const inside = client.transaction(async (tx) => {
      await tx.query('INSERT INTO item (id) VALUES (4)');
      await held;
      order.push('commit');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = client.query<{ n: number }>('SELECT count(*)::int AS n FROM item').then((r) => {
      order.push('outside');
      return r.rows[0]!.n;
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await inside;
    expect(await outside).toBe(3);
    expect(order).toEqual(['commit', 'outside']);
    const ids = (await client.query<{ id: number }>('SELECT id FROM item ORDER BY id')).rows.map((r) => r.id);
    expect(ids).toEqual([1, 2, 4]);
  });

  it("a transaction's replies are taken at once, not after the server thread's other work (issue 36 §2)", async () => {
    // The server thread is busy: a task every turn of its loop, 3 ms each (a busy ingest's packets).
    let tasks = 0;
    let busy = true;
    const spin = () => {
      if (!busy) return;
      const until = performance.now() + 3;
      while (performance.now() < until) {}
      tasks += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    await new Promise((r) => setTimeout(r, 20));
    let atStart = -1;
    try {
      await client.transaction(async (tx) => {
        atStart = tasks;
        await tx.query('INSERT INTO item (id) VALUES (10)');
        await tx.query('UPDATE item SET at = now() WHERE id = 10');
        await tx.query('SELECT count(*) FROM item');
      });
      // None of the other tasks ran from the transaction's first statement to its commit.
      expect(tasks).toBe(atStart);
    } finally {
      busy = false;
      await client.query('DELETE FROM item WHERE id = 10');
    }
    expect(atStart).toBeGreaterThan(0);
  });

  it('a call made for an HTTP request goes before background calls sent ahead of it (issue 36 §1)', async () => {
    const order: string[] = [];
    const call = (name: string, text: string) => client.query(text).then(() => order.push(name));
    const long = call('long', 'SELECT count(*) FROM generate_series(1, 3000000) g WHERE g % 7 = 0');
    // Sent while the long statement runs: they wait in the thread's port until it ends.
    await new Promise((r) => setTimeout(r, 20));
    const background = [call('background 1', 'SELECT 1'), call('background 2', 'SELECT 2')];
    const urgent = asUrgent(() => call('urgent', 'SELECT 3'));
    await Promise.all([long, ...background, urgent]);
    expect(order).toEqual(['long', 'urgent', 'background 1', 'background 2']);
  });

  it("a NOTIFY's payload arrives before the committing statement's reply", async () => {
    const order: string[] = [];
    const stop = await client.listen('thread_test', (payload) => order.push(`notify ${payload}`));
    await client.query("SELECT pg_notify('thread_test', 'hello')");
    order.push('reply');
    await stop();
    await client.query("SELECT pg_notify('thread_test', 'after stop')");
    expect(order).toEqual(['notify hello', 'reply']);
  });

  it('keeps the text of the types Drizzle asks for, and rows in array mode; Dates otherwise', async () => {
    const text = await client.query<[string]>('SELECT at FROM item WHERE id = 1', [], {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (v: string) => v },
    });
    expect(typeof text.rows[0]![0]).toBe('string');
    const parsed = await client.query<{ at: Date }>('SELECT at FROM item WHERE id = $1', [1]);
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
  });

  it('named prepared statements, and a data directory image that opens as a new database', async () => {
    const first = await client.runPrepared(
      'count_items',
      'SELECT count(*)::int AS n FROM item WHERE id > $1',
      [1],
    );
    expect(first.rows).toEqual([{ n: 2 }]);
    const copy = await openPgliteThread(undefined, await client.dumpDataDir());
    try {
      expect((await copy.query<{ n: number }>('SELECT count(*)::int AS n FROM item')).rows).toEqual([
        { n: 3 },
      ]);
    } finally {
      await copy.close();
    }
  });

  it('the thread ends with its last database, and the next open starts another', async () => {
    // In a process of its own: here the file's own database, and any other file's, keep the thread.
    const script = [
      "import { openPgliteThread, pgliteThreadId } from './apps/server/src/db/pglite-thread.ts';",
      'const a = await openPgliteThread(undefined);',
      'const b = await openPgliteThread(undefined);',
      'const first = pgliteThreadId();',
      'await a.close();',
      'await a.close();',
      "const bAfterA = (await b.query('SELECT 2 AS n')).rows[0].n;",
      'const afterA = pgliteThreadId();',
      'await b.close();',
      'const afterB = pgliteThreadId();',
      'const c = await openPgliteThread(undefined);',
      "const cWorks = (await c.query('SELECT 3 AS n')).rows[0].n;",
      'const next = pgliteThreadId();',
      'await c.close();',
      'console.log(JSON.stringify({ first, bAfterA, afterA, afterB: afterB ?? null, cWorks, next }));',
    ];
    const r = JSON.parse(await runScript(script, 60_000)) as Record<string, number | null>;
    expect(r.first).toBeGreaterThan(0);
    // One database closed (twice) of two: the thread and the other database go on.
    expect(r).toMatchObject({ bAfterA: 2, afterA: r.first, afterB: null, cWorks: 3 });
    expect(r.next).toBeGreaterThan(r.first!);
  });

  it('an idle open database does not keep its process alive', async () => {
    const script = [
      "import { openPgliteThread } from './apps/server/src/db/pglite-thread.ts';",
      'const db = await openPgliteThread(undefined);',
      "console.log((await db.query('SELECT 1 AS one')).rows[0].one);",
    ];
    expect(await runScript(script, 30_000)).toBe('1');
  });
});
