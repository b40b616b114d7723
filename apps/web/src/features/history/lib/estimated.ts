/**
 * Whether an energy figure was integrated from power rather than read from a counter. The energy
 * work (issue 12) adds an optional `estimated` flag or a `source` field to statistics buckets and
 * totals; both are read here so the history marks such figures whichever form arrives.
 */

/** True when `x` carries `estimated: true` or a `source` other than "counter". */
export function isEstimated(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return false;
  const flagged = x as { estimated?: unknown; source?: unknown };
  if (flagged.estimated === true) return true;
  return typeof flagged.source === 'string' && flagged.source !== 'counter';
}
