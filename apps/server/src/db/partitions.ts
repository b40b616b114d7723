import type { DbHandle } from './client';

/** Months kept ready behind and ahead of now, so backfill and live data land in their month. */
const MONTHS_BEHIND = 3;
const MONTHS_AHEAD = 2;

/** Name of the monthly partition holding `month` (UTC), e.g. telemetry_2026_11. */
export function partitionName(month: Date): string {
  return `telemetry_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Creates the monthly telemetry partitions around `now` that do not exist yet. Run at start and
 * daily. A month whose rows already sit in the default partition is left there (no data moves).
 */
export async function ensureTelemetryPartitions(handle: DbHandle, now: Date): Promise<void> {
  for (let k = -MONTHS_BEHIND; k <= MONTHS_AHEAD; k++) {
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k + 1, 1));
    const name = partitionName(from);
    const exists = await handle.query<{ n: number }>('SELECT 1 AS n FROM pg_class WHERE relname = $1', [
      name,
    ]);
    if (exists.rows.length > 0) continue;
    const inDefault = await handle.query<{ n: number }>(
      'SELECT 1 AS n FROM telemetry_default WHERE ts >= $1 AND ts < $2 LIMIT 1',
      [from.toISOString(), to.toISOString()],
    );
    if (inDefault.rows.length > 0) continue;
    await handle.query(
      `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF telemetry FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
    );
  }
}
