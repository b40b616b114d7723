/**
 * Background deletion of device history (issue 7 §1: deleting a site must not wait for its telemetry to
 * go). A call queues the device ids in history_purges and returns; the purge job deletes telemetry and
 * rollups of those devices up to the queue time, so what a device sends after being added again stays.
 */
import type { DbHandle } from '../../db/client';
import type { JobDefinition } from '../../jobs/job';
import { rebuildRollups } from '../telemetry/rollup-refresh';

/** Queues the history of `deviceIds` for deletion. @returns false when there was nothing to queue. */
export async function queueHistoryPurge(db: DbHandle, deviceIds: readonly number[]): Promise<boolean> {
  if (deviceIds.length === 0) return false;
  await db.query('INSERT INTO history_purges (device_ids) VALUES ($1::int[])', [deviceIds]);
  return true;
}

/**
 * Runs every pending purge (oldest first), each in its own statements, and marks it done.
 * @returns how many purges ran.
 */
export async function runHistoryPurges(db: DbHandle): Promise<number> {
  const pending = await db.query<{ id: number; device_ids: number[]; queued_at: Date }>(
    'SELECT id, device_ids, queued_at FROM history_purges WHERE done_at IS NULL ORDER BY id LIMIT 100',
  );
  for (const p of pending.rows) {
    // Samples before their 5-minute rows: the writer adds new energy to the old only when no 5-minute row
    // says a later sample is stored (writer.ts, span), so a row may outlive its samples, never the reverse.
    await db.query('DELETE FROM telemetry WHERE device_id = ANY($1::int[]) AND ts <= $2', [
      p.device_ids,
      p.queued_at,
    ]);
    await db.query('DELETE FROM telemetry_5min WHERE device_id = ANY($1::int[]) AND last_ts <= $2', [
      p.device_ids,
      p.queued_at,
    ]);
    // Issue 12: the energy rollups of those devices are rebuilt from what is left.
    await rebuildRollups(db, p.device_ids);
    await db.query('UPDATE history_purges SET done_at = now() WHERE id = $1', [p.id]);
  }
  return pending.rows.length;
}

/** The purge as a periodic job (every minute), so a purge queued on a node that stopped still runs. */
export const historyPurgeJob: JobDefinition = {
  name: 'history-purge',
  everyMs: 60_000,
  offsetMs: 7_000,
  run: async ({ db }) => {
    await runHistoryPurges(db);
  },
};
