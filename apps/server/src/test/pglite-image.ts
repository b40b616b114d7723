/**
 * Vitest global setup: one migrated PGlite data directory, dumped once per run to a tarball that every
 * in-memory test database starts from (helper.ts openTestDb). PGlite's own initdb costs 2–4 s per
 * database on this machine against ≈ 0.7 s to load the image, and the suite opens ~200 of them.
 * Nothing is made when DATABASE_URL is set: each test then gets a fresh PostgreSQL database instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';

/** Builds the image and hands its path to the test files; removes it when the run ends. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteImage', '');
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'ems-pglite-image-'));
  const path = join(dir, 'image.tar');
  const db = await openDb({ dataDir: 'memory://' });
  try {
    await migrate(db);
    const image = await db.dumpImage?.();
    if (!image) throw new Error('the PGlite handle gave no image');
    writeFileSync(path, Buffer.from(await image.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteImage', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
