/**
 * Energy from cumulative counters (Wh): the energy of a bucket is the counter's maximum in the bucket
 * minus its last value before the bucket; for the very first bucket of data, minus its own minimum.
 * A counter that went backwards was reset, so it counts from 0 (never a negative energy).
 */

/** Counter readings within one bucket (Wh); both null when the bucket holds no reading. */
export interface CounterReadings {
  max: number | null;
  min: number | null;
}

/** Energy (Wh) between `before` and a later reading `now`; null when either is unknown. */
export function counterDelta(before: number | null, now: number | null): number | null {
  if (before === null || now === null) return null;
  const d = now - before;
  return d < 0 ? now : d;
}

/**
 * Energy per bucket (Wh) from each bucket's readings, given the last reading before the first bucket
 * (`baseline`, null when the counter has no earlier data). Buckets without readings are null.
 */
export function counterDeltas(
  baseline: number | null,
  buckets: readonly CounterReadings[],
): (number | null)[] {
  let prev = baseline;
  return buckets.map((b) => {
    if (b.max === null) return null;
    const energy = prev === null ? b.max - (b.min ?? b.max) : counterDelta(prev, b.max);
    prev = b.max;
    return energy;
  });
}
