/**
 * PGlite's checkpoints (checkpoint.ts): a single-user PGlite never checkpoints on its own, so its pg_wal
 * grows with every byte written; the job's checkpoints let PostgreSQL recycle the segments.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/helper';
import { CHECKPOINT_POLICY, checkpointIfDue } from './checkpoint';
import { type DbHandle, openDb } from './client';

const MB = 1024 * 1024;
const NEVER = { maxAgeMs: Number.POSITIVE_INFINITY, maxWalBytes: Number.POSITIVE_INFINITY };

const redoLsn = async (db: DbHandle) =>
  (await db.query<{ redo: string }>('SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()')).rows[0]!
    .redo;

/** ≈ 11 MB of WAL: 20,000 rows of 500 bytes. */
const writeWal = (db: DbHandle) =>
  db.query(`INSERT INTO filler (body) SELECT repeat('x', 500) FROM generate_series(1, 20000)`);

describe('checkpoints of the embedded database (PGlite has no checkpointer)', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = (await openTestDb()).db;
    await db.query('CREATE TABLE filler (id serial PRIMARY KEY, body text NOT NULL)');
  });
  afterAll(() => db.close());

  it('checkpoints once the WAL written since the last one passes maxWalBytes, not before', async () => {
    if (db.kind === 'postgres') {
      // PostgreSQL's own checkpointer does it: the job never runs CHECKPOINT there.
      expect(await checkpointIfDue(db, { maxAgeMs: 0, maxWalBytes: 0 })).toBe(false);
      return;
    }
    await checkpointIfDue(db, { maxAgeMs: 0, maxWalBytes: 0 });
    const before = await redoLsn(db);
    await writeWal(db);
    expect(await checkpointIfDue(db, { maxAgeMs: Number.POSITIVE_INFINITY, maxWalBytes: 16 * MB })).toBe(
      false,
    );
    expect(await redoLsn(db)).toBe(before);
    await writeWal(db);
    expect(await checkpointIfDue(db, { maxAgeMs: Number.POSITIVE_INFINITY, maxWalBytes: 16 * MB })).toBe(
      true,
    );
    expect(await redoLsn(db)).not.toBe(before);
  });

  it('checkpoints by age only when WAL was written since the last one', async () => {
    if (db.kind === 'postgres') return expect(await checkpointIfDue(db, NEVER)).toBe(false);
    await checkpointIfDue(db, { maxAgeMs: 0, maxWalBytes: 0 });
    // Nothing written since: an idle node does not checkpoint every time the job looks.
    expect(await checkpointIfDue(db, { maxAgeMs: 0, maxWalBytes: Number.POSITIVE_INFINITY })).toBe(false);
    await db.query(`INSERT INTO filler (body) SELECT repeat('y', 500) FROM generate_series(1, 100)`);
    expect(await checkpointIfDue(db, { ...CHECKPOINT_POLICY, maxAgeMs: 0 })).toBe(true);
    // The default policy: the checkpoint just made is younger than 5 minutes.
    await db.query(`INSERT INTO filler (body) SELECT repeat('z', 500) FROM generate_series(1, 100)`);
    expect(await checkpointIfDue(db)).toBe(false);
  });
});

describe('pg_wal of an embedded database in a directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-checkpoint-'));
  let db: DbHandle;
  const segments = () => readdirSync(join(dir, 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f)).length;
  beforeAll(async () => {
    db = await openDb({ dataDir: dir });
    await db.query('CREATE TABLE filler (id serial PRIMARY KEY, body text NOT NULL)');
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops growing once checkpoints run: later WAL goes into recycled segments', async () => {
    const start = segments();
    for (let i = 0; i < 4; i++) await writeWal(db);
    // Without a checkpoint every 16 MB of WAL is a new file.
    const grown = segments();
    expect(grown).toBeGreaterThanOrEqual(start + 2);
    expect(await checkpointIfDue(db, { ...CHECKPOINT_POLICY, maxWalBytes: 16 * MB })).toBe(true);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await writeWal(db);
      expect(await checkpointIfDue(db, { ...CHECKPOINT_POLICY, maxWalBytes: 16 * MB })).toBe(true);
    }
    // 132 MB more WAL, and pg_wal holds at most a segment or two more than when the first checkpoint ran.
    expect(segments()).toBeLessThanOrEqual(grown + 2);
  });
});
