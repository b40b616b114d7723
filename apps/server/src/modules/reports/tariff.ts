/**
 * Tariff and CO2 arithmetic of reports (issue 8 §3). Pure functions, tested without a database.
 */

/** A peak or valley period `from`–`to` (`HH:mm`, site-local); from > to crosses midnight. */
export interface TariffPeriod {
  from: string;
  to: string;
  price: number;
}

/** A site's tariff per kWh in its currency. */
export interface TariffRule {
  buyPrice: number;
  feedInPrice: number;
  periods: readonly TariffPeriod[];
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** Whether the local minute `m` lies in the period (start inclusive, end exclusive). */
export function inPeriod(p: Pick<TariffPeriod, 'from' | 'to'>, m: number): boolean {
  const from = minutes(p.from);
  const to = minutes(p.to);
  if (from === to) return true;
  return from < to ? m >= from && m < to : m >= from || m < to;
}

/** Buy price at local minute `minuteOfDay`: the first period holding it, else the flat buy price. */
export function buyPriceAt(t: TariffRule, minuteOfDay: number): number {
  return t.periods.find((p) => inPeriod(p, minuteOfDay))?.price ?? t.buyPrice;
}

/**
 * Approximate grid emission factors (kg CO2 per kWh) of the demo fleet's countries, used until the
 * administrator sets one; other countries use DEFAULT_CO2_KG_PER_KWH.
 */
export const CO2_DEFAULTS: Readonly<Record<string, number>> = {
  AT: 0.15,
  AU: 0.63,
  BR: 0.08,
  CN: 0.58,
  CZ: 0.45,
  DE: 0.38,
  NO: 0.02,
  PT: 0.2,
  US: 0.37,
};

/** Factor of countries with neither a default nor an administrator's value (kg/kWh). */
export const DEFAULT_CO2_KG_PER_KWH = 0.4;
