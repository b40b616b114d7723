/**
 * Runs of consecutive samples that satisfy a condition (issue 8 §5): a charger's sessions (plugged
 * in: connector not "Available") and a UPS's on-battery events. Pure.
 */

/** One raw sample as the run finder needs it. */
export interface StateSample {
  /** epoch ms */
  ts: number;
  on: boolean;
  /** A running figure whose largest value in the run is kept (the session's Wh, the SOC…). */
  value: number | null;
}

/** A run: first and last matching sample, whether it is still going at the last sample, value range. */
export interface Run {
  start: number;
  end: number;
  ongoing: boolean;
  maxValue: number | null;
  minValue: number | null;
}

/**
 * Runs of `on` samples in time order. A gap longer than `maxGapMs` between two samples closes the
 * run (the device was offline: nothing is known in between).
 */
export function findRuns(samples: readonly StateSample[], maxGapMs: number): Run[] {
  const runs: Run[] = [];
  let cur: Run | null = null;
  let lastTs = Number.NEGATIVE_INFINITY;
  for (const s of samples) {
    if (cur && (!s.on || s.ts - lastTs > maxGapMs)) {
      runs.push(cur);
      cur = null;
    }
    if (s.on) {
      if (!cur) cur = { start: s.ts, end: s.ts, ongoing: false, maxValue: null, minValue: null };
      cur.end = s.ts;
      if (s.value !== null) {
        cur.maxValue = cur.maxValue === null ? s.value : Math.max(cur.maxValue, s.value);
        cur.minValue = cur.minValue === null ? s.value : Math.min(cur.minValue, s.value);
      }
    }
    lastTs = s.ts;
  }
  if (cur) runs.push({ ...cur, ongoing: true });
  return runs;
}

/**
 * Solar share of a charging session, 0–1: per 5-minute bucket the charger's energy not covered by grid
 * purchase, over the charger's energy. `chargerW` and `gridW` are bucket means (grid > 0 buys).
 */
export function solarShare(buckets: readonly { chargerW: number; gridW: number }[]): number | null {
  let total = 0;
  let local = 0;
  for (const b of buckets) {
    const c = Math.max(0, b.chargerW);
    total += c;
    local += Math.max(0, c - Math.max(0, b.gridW));
  }
  return total > 0 ? local / total : null;
}
