/**
 * Solar charging's figures on the chargers card (issue 33).
 */

/**
 * Today's solar share of a charger's charging, %: kWh from surplus / kWh charged; null when it charged
 * less than 0.01 kWh (a share of nothing says nothing).
 */
export function solarShare(solarKwh: number, chargedKwh: number): number | null {
  if (chargedKwh < 0.01) return null;
  return Math.min(100, Math.max(0, (solarKwh / chargedKwh) * 100));
}
