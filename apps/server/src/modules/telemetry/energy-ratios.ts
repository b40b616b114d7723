/** Self-sufficiency and self-consumption of a period (UX.md "Station, history"), in % with 1 decimal. */
import { round } from './power-unit';

/**
 * (1 − buy / consumption) × 100 clamped to 0–100; 100 when nothing was consumed. Null when the site
 * consumed energy but its grid purchase is unknown (no meter).
 */
export function selfSufficiency(gridBuyKwh: number | null, consumptionKwh: number | null): number | null {
  if (consumptionKwh === null || consumptionKwh <= 0) return 100;
  if (gridBuyKwh === null) return null;
  return round(Math.min(100, Math.max(0, (1 - gridBuyKwh / consumptionKwh) * 100)), 1);
}

/**
 * (1 − sell / production) × 100 with a floor of 0; 0 without production. Null when the site produced
 * energy but its grid feed-in is unknown (no meter).
 */
export function selfConsumption(gridSellKwh: number | null, productionKwh: number | null): number | null {
  if (productionKwh === null || productionKwh <= 0) return 0;
  if (gridSellKwh === null) return null;
  return round(Math.max(0, (1 - gridSellKwh / productionKwh) * 100), 1);
}
