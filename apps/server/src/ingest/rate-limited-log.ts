/**
 * Logging that a flood of messages (bad payloads, a fleet going offline at once) cannot turn into a
 * flood of log lines: per key, at most one line per interval, carrying how many were suppressed since.
 * Keys may be per device (limits are logged once per device and interval); the map is cleared when it
 * holds `maxKeys` keys, so strangers inventing client ids cannot grow it without bound.
 */
import type { FastifyBaseLogger } from 'fastify';

/** Returns `write(key, fields, message)`, logging at `level` (default warn). */
export function createRateLimitedLog(
  log: FastifyBaseLogger,
  intervalMs: number,
  level: 'warn' | 'info' = 'warn',
  maxKeys = 10_000,
) {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (key: string, fields: Record<string, unknown>, message: string): void => {
    const now = Date.now();
    const entry = last.get(key);
    if (entry && now - entry.at < intervalMs) {
      entry.suppressed++;
      return;
    }
    log[level]({ ...fields, suppressed: entry?.suppressed ?? 0 }, message);
    if (!entry && last.size >= maxKeys) last.clear();
    last.set(key, { at: now, suppressed: 0 });
  };
}
