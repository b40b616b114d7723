/**
 * Raw retention (issue 12, docs/energy.md "Retention"): monthly telemetry partitions whose month ended
 * more than the configured span ago are dropped whole (no row-by-row delete, no bloat); rows of that
 * age in the default partition are deleted. Rollups (telemetry_5min, energy_daily, energy_monthly) are
 * never touched, so every energy figure stays.
 */
import type { JobDefinition } from '../jobs/job';
import type { DbHandle } from './client';

/** The instant before which raw samples are dropped: `months` calendar months before `now` (UTC). */
export function retentionCutoff(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/**
 * Drops the monthly partitions of telemetry that end at or before the cutoff of `months` before `now`.
 * @returns the names of the partitions dropped, oldest first.
 */
export async function dropExpiredRawPartitions(db: DbHandle, months: number, now: Date): Promise<string[]> {
  const cutoff = retentionCutoff(now, months);
  const res = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i
     JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname = 'telemetry' AND c.relname ~ '^telemetry_[0-9]{4}_[0-9]{2}$' ORDER BY c.relname`,
  );
  const dropped: string[] = [];
  for (const { name } of res.rows) {
    const [, y, m] = /^telemetry_(\d{4})_(\d{2})$/.exec(name)!;
    const end = Date.UTC(Number(y), Number(m), 1);
    if (end > cutoff.getTime()) continue;
    await db.query(`DROP TABLE IF EXISTS "${name}"`);
    dropped.push(name);
  }
  await db.query('DELETE FROM telemetry_default WHERE ts < $1', [cutoff.toISOString()]);
  return dropped;
}

/** Daily at 00:20 UTC: drops the raw partitions older than RAW_RETENTION_MONTHS. */
export const rawRetentionJob: JobDefinition = {
  name: 'raw-retention',
  everyMs: 86_400_000,
  offsetMs: 20 * 60_000,
  run: async ({ db, config }, now) => {
    await dropExpiredRawPartitions(db, config.RAW_RETENTION_MONTHS, now);
  },
};
