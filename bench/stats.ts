/** Statistics the benchmarks share. */

/** The q-quantile (0–1) of ascending `sorted`, nearest rank; NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const wallMs = () => performance.timeOrigin + performance.now();
