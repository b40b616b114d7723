/**
 * Today's self-sufficiency and self-consumption (UX.md "Station, history"), from the day's totals:
 * self-sufficiency = (1 − buy / consumption) × 100, clamped to 0–100, 100 without consumption;
 * self-consumption = (1 − sell / production) × 100, floor 0, 0 without production.
 * Null when a needed total is missing (shown as –, never as 0).
 */
import type { EnergyTotals } from '@ems/contract/api/station';

/** Self-sufficiency in % (0–100), or null. */
export function selfSufficiency(t: Pick<EnergyTotals, 'gridBuyKwh' | 'consumptionKwh'>): number | null {
  if (t.consumptionKwh === null) return null;
  if (t.consumptionKwh <= 0) return 100;
  if (t.gridBuyKwh === null) return null;
  return Math.min(100, Math.max(0, (1 - t.gridBuyKwh / t.consumptionKwh) * 100));
}

/** Self-consumption in % (≥ 0), or null. */
export function selfConsumption(t: Pick<EnergyTotals, 'gridSellKwh' | 'productionKwh'>): number | null {
  if (t.productionKwh === null) return null;
  if (t.productionKwh <= 0) return 0;
  if (t.gridSellKwh === null) return null;
  return Math.max(0, (1 - t.gridSellKwh / t.productionKwh) * 100);
}
