/**
 * Which energy figure a device's bucket uses (issue 12, docs/energy.md): its lifetime counter where it
 * sends one, otherwise power integrated by the writer (telemetry_5min.wh_pos / wh_neg).
 */
import type { EnergySource } from '@ems/contract/api/energy';

/** Energy of one device in one bucket, per source (Wh); null where that source has nothing. */
export interface BucketEnergy {
  /** Counter energy (sum of reading-to-reading differences, a reset counts from 0). */
  counterWh: number | null;
  /** True when the counter had a reading before the bucket (so its difference covers it whole). */
  counterWhole: boolean;
  /** Energy integrated from power in the direction the counter measures. */
  powerWh: number | null;
  /** When the counter starts within the bucket: power energy up to its first reading. */
  powerBeforeWh?: number | null;
}

/** The figure of a bucket and where it came from. */
export interface PickedEnergy {
  wh: number | null;
  source: 'counter' | 'power' | 'mixed' | null;
}

/**
 * Counter energy where the device has a counter reading in the bucket, power energy otherwise. A
 * counter that starts within the bucket (mid-history) adds the power energy up to its first reading.
 */
export function pickEnergy(e: BucketEnergy): PickedEnergy {
  if (e.counterWh !== null) {
    const before = e.counterWhole ? null : (e.powerBeforeWh ?? null);
    return before === null || before === 0
      ? { wh: e.counterWh, source: 'counter' }
      : { wh: e.counterWh + before, source: 'mixed' };
  }
  if (e.powerWh !== null) return { wh: e.powerWh, source: 'power' };
  return { wh: null, source: null };
}

/**
 * Power direction whose energy stands in for a device type's e_in / e_out counter (device-protocol.md
 * sign conventions: inverter, charger and UPS W > 0 deliver; meter W > 0 buys; battery W > 0
 * discharges). null: the type has no such counter.
 */
export function powerDirection(deviceType: string, counter: 'eIn' | 'eOut'): 'pos' | 'neg' | null {
  if (deviceType === 'meter') return counter === 'eIn' ? 'pos' : 'neg';
  if (deviceType === 'battery') return counter === 'eIn' ? 'neg' : 'pos';
  return counter === 'eIn' ? 'pos' : null;
}

/** Sums the sources seen into the one word the API gives: counter, power, mixed, or null (no figure). */
export function combineSources(sources: Iterable<PickedEnergy['source']>): EnergySource {
  let seen: PickedEnergy['source'] = null;
  for (const s of sources) {
    if (s === null || s === seen) continue;
    if (seen !== null || s === 'mixed') return 'mixed';
    seen = s;
  }
  return seen;
}
