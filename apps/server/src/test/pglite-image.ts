/**
 * Vitest global setup: one migrated database per run that every test database starts from (helper.ts
 * openTestDb), with pg-boss's schema installed too. On PGlite a data directory dumped to a tarball:
 * PGlite's own initdb costs 2–4 s per database on this machine against ≈ 0.7 s to load the image, and the
 * suite opens ~200 of them. On PostgreSQL (DATABASE_URL) a template database that each test's database is
 * copied from (`CREATE DATABASE … TEMPLATE`) instead of running every migration again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { type DbHandle, openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { createJobQueue } from '../jobs/queue';
import { scratchDatabase } from './helper';

const silent = pino({ level: 'silent' });

/** Builds the image and hands its path to the test files; removes it when the run ends. */
export default async function setup(project: TestProject): Promise<() => void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    project.provide('pgliteImage', '');
    const template = await scratchDatabase(url, 'ems_template');
    const db = await openDb({ url: template.url });
    try {
      await prepare(db);
    } finally {
      await db.close();
    }
    project.provide('pgTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  project.provide('pgTemplate', '');
  const dir = mkdtempSync(join(tmpdir(), 'ems-pglite-image-'));
  const path = join(dir, 'image.tar');
  const db = await openDb({ dataDir: 'memory://' });
  try {
    await prepare(db);
    const image = await db.dumpImage?.();
    if (!image) throw new Error('the PGlite handle gave no image');
    writeFileSync(path, Buffer.from(await image.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteImage', path);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Migrates `db` and installs pg-boss's schema, which every queue start would otherwise do (0.3–1 s). */
async function prepare(db: DbHandle): Promise<void> {
  await migrate(db);
  const queue = createJobQueue(db);
  await queue.start(silent);
  await queue.stop();
}
