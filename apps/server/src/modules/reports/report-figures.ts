/**
 * Report figures from hourly, daily or monthly energy (issue 8 §3): rows per hour, day or month and a totals block,
 * summed over sites. Pure, so the arithmetic is tested against hand-computed values.
 */
import type { ReportFigures } from '@ems/contract/api/report';
import { selfConsumption, selfSufficiency } from '../telemetry/energy-ratios';
import type { PeriodEnergy } from './period-parts';
import { buyPriceAt, type TariffRule } from './tariff';

/** One site's input: its hours, days or months (whole periods of one row each) and what prices and weighs them. */
export interface SiteInput {
  hours: readonly PeriodEnergy[];
  /** kWp */
  capacityKw: number;
  tariff: TariffRule | null;
  /** kg CO2 per kWh produced. */
  co2KgPerKwh: number;
}

const ENERGY_KEYS = [
  'productionKwh',
  'consumptionKwh',
  'gridBuyKwh',
  'gridSellKwh',
  'chargeKwh',
  'dischargeKwh',
] as const;

/** Running sums of one row; null until a value is known. */
interface Acc {
  energy: Record<(typeof ENERGY_KEYS)[number], number | null>;
  co2Kg: number | null;
  revenue: number | null;
  savings: number | null;
  /** Capacity of the sites that produced in the row (once per site). */
  producingKw: number;
  producers: Set<number>;
}

const newAcc = (): Acc => ({
  energy: {
    productionKwh: null,
    consumptionKwh: null,
    gridBuyKwh: null,
    gridSellKwh: null,
    chargeKwh: null,
    dischargeKwh: null,
  },
  co2Kg: null,
  revenue: null,
  savings: null,
  producingKw: 0,
  producers: new Set(),
});

const add = (a: number | null, v: number | null) => (v === null ? a : (a ?? 0) + v);
const round = (v: number | null, d: number) => (v === null ? null : Number(v.toFixed(d)) || 0);

/** Row key of an hour: its label for a day (with a repeat count for the DST hour), date or month. */
export function rowKeyOf(statisticsType: number, h: PeriodEnergy, seen: Map<string, number>): string {
  if (statisticsType === 2) return h.date;
  if (statisticsType === 3) return h.date.slice(0, 7);
  const n = seen.get(h.label) ?? 0;
  seen.set(h.label, n + 1);
  return n === 0 ? h.label : `${h.label}#${n + 1}`;
}

function addPeriod(acc: Acc, siteIndex: number, site: SiteInput, h: PeriodEnergy): void {
  const e = h.totals;
  for (const k of ENERGY_KEYS) acc.energy[k] = add(acc.energy[k], e[k]);
  if (e.productionKwh !== null) {
    acc.co2Kg = add(acc.co2Kg, e.productionKwh * site.co2KgPerKwh);
    if (!acc.producers.has(siteIndex)) {
      acc.producers.add(siteIndex);
      acc.producingKw += site.capacityKw;
    }
  }
  if (h.meter.any && site.tariff) {
    acc.revenue = add(acc.revenue, h.meter.sell * site.tariff.feedInPrice);
    // A period longer than an hour only comes from a site without time-of-use prices (one price).
    if (h.selfUsedKwh !== null) {
      acc.savings = add(acc.savings, h.selfUsedKwh * buyPriceAt(site.tariff, h.minuteOfDay));
    }
  }
}

/**
 * The row's figures. The ratios come from the row's own sums, so a reader can check them against its
 * columns (issue 24): a site without a grid meter adds its production and consumption but no grid
 * figure, so its energy counts as self-used and self-supplied; with no grid figure at all they are null,
 * and so is self-consumption where nothing produced a figure.
 */
function figuresOf(acc: Acc, money: boolean): ReportFigures {
  const e = acc.energy;
  // Ratios from the sums as shown (rounded), so they agree with the columns to the last digit.
  const shown = {
    productionKwh: round(e.productionKwh, 3),
    consumptionKwh: round(e.consumptionKwh, 3),
    gridBuyKwh: round(e.gridBuyKwh, 3),
    gridSellKwh: round(e.gridSellKwh, 3),
    chargeKwh: round(e.chargeKwh, 3),
    dischargeKwh: round(e.dischargeKwh, 3),
  };
  return {
    ...shown,
    specificYield:
      e.productionKwh !== null && acc.producingKw > 0 ? round(e.productionKwh / acc.producingKw, 3) : null,
    // Nothing that produces (no production at all): no self-consumption, not 0 %.
    selfConsumption:
      shown.gridSellKwh === null || shown.productionKwh === null
        ? null
        : selfConsumption(shown.gridSellKwh, shown.productionKwh),
    selfSufficiency:
      shown.gridBuyKwh === null ? null : selfSufficiency(shown.gridBuyKwh, shown.consumptionKwh),
    co2Kg: round(acc.co2Kg, 2),
    revenue: money ? round(acc.revenue, 2) : null,
    savings: money ? round(acc.savings, 2) : null,
  };
}

/**
 * Rows (in time order) and totals of the sites' periods. `money` false (sites in different
 * currencies) leaves revenue and savings null. `rowKeys` (days `YYYY-MM-DD` or months `YYYY-MM`) are
 * rows shown even where no site has a figure.
 */
export function reportFigures(
  statisticsType: number,
  sites: readonly SiteInput[],
  money: boolean,
  rowKeys: readonly string[] = [],
): { rows: (ReportFigures & { label: string })[]; totals: ReportFigures } {
  const rows = new Map<string, Acc>(rowKeys.map((k) => [k, newAcc()]));
  const totals = newAcc();
  sites.forEach((site, i) => {
    const seen = new Map<string, number>();
    for (const h of site.hours) {
      const key = rowKeyOf(statisticsType, h, seen);
      let acc = rows.get(key);
      if (!acc) {
        acc = newAcc();
        rows.set(key, acc);
      }
      addPeriod(acc, i, site, h);
      addPeriod(totals, i, site, h);
    }
  });
  const keys = [...rows.keys()];
  // Days and months sort as text; hours keep the first site's order (the DST repeat after its first).
  if (statisticsType !== 1) keys.sort();
  return {
    rows: keys.map((k) => ({ label: k.split('#')[0]!, ...figuresOf(rows.get(k)!, money) })),
    totals: figuresOf(totals, money),
  };
}
