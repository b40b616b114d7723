/**
 * Test util: waiting for the database's change notices (decisions 0014 and 0018). On PGlite a notice
 * reaches its listener before the writer's query resolves; on PostgreSQL it comes over the process's
 * listening connection a few ms after the commit, and that connection itself opens in the background.
 */
import { vi } from 'vitest';
import type { DbHandle } from '../db/client';

/** Runs `check` until it passes, 3 s at most (notices, or listening to start, on either database). */
export function untilNoticed(check: () => Promise<void>): Promise<void> {
  return vi.waitFor(check, { timeout: 3000, interval: 20 });
}

/**
 * Runs `check` as the next call after a change would see it: once on PGlite; on PostgreSQL until it
 * passes (untilNoticed). A browser polls every 5 s, so either is "the next poll".
 */
export async function atNextCall(db: DbHandle, check: () => Promise<void>): Promise<void> {
  if (db.kind === 'pglite') return check();
  await untilNoticed(check);
}
