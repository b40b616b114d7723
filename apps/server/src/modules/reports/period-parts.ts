/**
 * What one site adds to one report row (issue 8 §3): its energy sums and the parts the money needs,
 * which are sums of per-day (or per-hour) terms and so cannot be rebuilt from the sums alone: the
 * feed-in over the days the meter read both ways, and each day's self-used PV clipped at 0. Summing
 * these parts over days, in SQL or here, gives the figures a day-by-day walk would. (The ratios come
 * from the row's sums themselves: report-figures.ts.)
 */
import type { EnergyTotals } from '@ems/contract/api/station';

/** Sums (kWh) over the days of a period on which the site's meter read both buy and sell. */
export interface MeterParts {
  /** At least one such day. */
  any: boolean;
  /** Feed-in of those days (revenue). */
  sell: number;
}

/** A site's energy over one hour, day or month of a report, with its ratio and money parts. */
export interface PeriodEnergy {
  /** Local date `YYYY-MM-DD` of the period's start. */
  date: string;
  /** Local start `HH:mm` for an hour (twice the same on the day clocks go back), else 00:00. */
  label: string;
  /** Minutes after local midnight of the start, for time-of-use prices (0 for days and months). */
  minuteOfDay: number;
  /** Energy sums; null where no day of the period had a value. */
  totals: EnergyTotals;
  meter: MeterParts;
  /** Σ max(0, production − sell) over the meter's days with production; null when there was none. */
  selfUsedKwh: number | null;
}

const add = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/** The parts of one hour or day from its totals alone (its own meter condition and self-use clip). */
export function partsOfTotals(
  period: Pick<PeriodEnergy, 'date' | 'label' | 'minuteOfDay' | 'totals'>,
): PeriodEnergy {
  const e = period.totals;
  const metered = e.gridBuyKwh !== null && e.gridSellKwh !== null;
  return {
    ...period,
    meter: metered ? { any: true, sell: e.gridSellKwh! } : { any: false, sell: 0 },
    selfUsedKwh: metered && e.productionKwh !== null ? Math.max(0, e.productionKwh - e.gridSellKwh!) : null,
  };
}

/** `a` and `b` (two spans of the same row) as one: sums, null only where both are. Keeps `a`'s labels. */
export function mergeParts(a: PeriodEnergy, b: PeriodEnergy): PeriodEnergy {
  const t = (k: keyof EnergyTotals) => add(a.totals[k], b.totals[k]);
  return {
    date: a.date,
    label: a.label,
    minuteOfDay: a.minuteOfDay,
    totals: {
      productionKwh: t('productionKwh'),
      consumptionKwh: t('consumptionKwh'),
      gridBuyKwh: t('gridBuyKwh'),
      gridSellKwh: t('gridSellKwh'),
      chargeKwh: t('chargeKwh'),
      dischargeKwh: t('dischargeKwh'),
    },
    meter: {
      any: a.meter.any || b.meter.any,
      sell: a.meter.sell + b.meter.sell,
    },
    selfUsedKwh: add(a.selfUsedKwh, b.selfUsedKwh),
  };
}
