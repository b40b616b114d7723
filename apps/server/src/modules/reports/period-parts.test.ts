import { describe, expect, it } from 'vitest';
import { mergeParts, partsOfTotals } from './period-parts';

const totals = (p: number | null, buy: number | null, sell: number | null, cons: number | null) => ({
  productionKwh: p,
  consumptionKwh: cons,
  gridBuyKwh: buy,
  gridSellKwh: sell,
  chargeKwh: null,
  dischargeKwh: null,
});
const at = { date: '2026-03-10', label: '00:00', minuteOfDay: 0 };

describe('report period parts (issue 8)', () => {
  it('counts a day for the money only when the meter read both ways, and clips self-use at 0', () => {
    expect(partsOfTotals({ ...at, totals: totals(4.8, 0, 9.6, 4.8) })).toMatchObject({
      meter: { any: true, sell: 9.6 },
      selfUsedKwh: 0,
    });
    expect(partsOfTotals({ ...at, totals: totals(24, null, 12, null) })).toMatchObject({
      meter: { any: false, sell: 0 },
      selfUsedKwh: null,
    });
    // Metered without PV: no self-use.
    expect(partsOfTotals({ ...at, totals: totals(null, 3, 0, 3) })).toMatchObject({
      meter: { any: true, sell: 0 },
      selfUsedKwh: null,
    });
  });

  it('merges two spans of a row: sums, null only where both are', () => {
    const a = partsOfTotals({ ...at, totals: totals(24, 0, 12, 12) });
    const b = partsOfTotals({ ...at, date: '2026-03-11', totals: totals(null, null, null, null) });
    const c = partsOfTotals({ ...at, date: '2026-03-12', totals: totals(12, 24, 0, 36) });
    const ab = mergeParts(a, b);
    expect(ab.totals.productionKwh).toBe(24);
    expect(ab.totals.chargeKwh).toBeNull();
    expect(ab.date).toBe('2026-03-10');
    expect(mergeParts(ab, c)).toMatchObject({
      totals: { productionKwh: 36, gridBuyKwh: 24, gridSellKwh: 12, consumptionKwh: 48 },
      meter: { any: true, sell: 12 },
      selfUsedKwh: 24,
    });
    expect(mergeParts(b, b).selfUsedKwh).toBeNull();
  });
});
