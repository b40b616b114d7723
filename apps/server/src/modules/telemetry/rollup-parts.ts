/**
 * Combining energy parts of consecutive periods (issue 12 rollups, docs/energy.md "Rollups"). A day's
 * parts (counter Wh, whether the counter was read before, power Wh, power before the counter's first
 * reading) combine with the next day's into the parts of both days together, so pickEnergy of a
 * month built from days equals pickEnergy of the month read from 5-minute rows.
 */
import type { BucketEnergy } from './energy-source';

/** Energy parts of one device over one period, per direction. */
export interface PeriodParts {
  eIn: BucketEnergy;
  eOut: BucketEnergy;
}

/** Parts of a period with nothing measured. */
export const emptyParts = (): BucketEnergy => ({
  counterWh: null,
  counterWhole: false,
  powerWh: null,
  powerBeforeWh: null,
});

const addNullable = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a === null || a === undefined ? (b ?? null) : b === null || b === undefined ? a : a + b;

/**
 * Parts of `earlier` followed directly by `later` (no time between them). Counter energy adds up
 * (each period's first difference already starts from the reading before it); `whole` and the power
 * before a counter's first reading come from the first period holding a reading, plus all power of
 * the periods before it.
 */
export function combineParts(earlier: BucketEnergy, later: BucketEnergy): BucketEnergy {
  const counterWh = addNullable(earlier.counterWh, later.counterWh);
  const powerWh = addNullable(earlier.powerWh, later.powerWh);
  if (earlier.counterWh !== null) {
    return {
      counterWh,
      counterWhole: earlier.counterWhole,
      powerWh,
      powerBeforeWh: earlier.powerBeforeWh ?? null,
    };
  }
  if (later.counterWh !== null) {
    return {
      counterWh,
      counterWhole: later.counterWhole,
      powerWh,
      powerBeforeWh: later.counterWhole ? null : addNullable(earlier.powerWh, later.powerBeforeWh),
    };
  }
  return { counterWh: null, counterWhole: false, powerWh, powerBeforeWh: null };
}

/** Row of energy_daily / energy_monthly as the database returns it (snake-case column names). */
export interface RollupRowColumns {
  in_counter_wh: number | null;
  in_whole: boolean;
  in_power_wh: number | null;
  in_power_before_wh: number | null;
  out_counter_wh: number | null;
  out_whole: boolean;
  out_power_wh: number | null;
  out_power_before_wh: number | null;
}

/** Parts of a rollup row. */
export function partsOfRow(r: RollupRowColumns): PeriodParts {
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    eIn: {
      counterWh: num(r.in_counter_wh),
      counterWhole: r.in_whole,
      powerWh: num(r.in_power_wh),
      powerBeforeWh: num(r.in_power_before_wh),
    },
    eOut: {
      counterWh: num(r.out_counter_wh),
      counterWhole: r.out_whole,
      powerWh: num(r.out_power_wh),
      powerBeforeWh: num(r.out_power_before_wh),
    },
  };
}

/** True when a period's parts hold no measurement at all (no row is kept for it). */
export function isEmptyParts(p: PeriodParts): boolean {
  return [p.eIn, p.eOut].every((e) => e.counterWh === null && e.powerWh === null);
}
