/**
 * Logging that a flood of messages (bad payloads, a fleet going offline at once) cannot turn into a
 * flood of log lines: per key, at most one line per interval, carrying how many were suppressed since.
 */
import type { FastifyBaseLogger } from 'fastify';

/** Returns `write(key, fields, message)`, logging at `level` (default warn). */
export function createRateLimitedLog(
  log: FastifyBaseLogger,
  intervalMs: number,
  level: 'warn' | 'info' = 'warn',
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
    last.set(key, { at: now, suppressed: 0 });
  };
}
