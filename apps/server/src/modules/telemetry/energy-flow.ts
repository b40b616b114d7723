/**
 * How a site's devices add up to its energy flow (W) and energy totals (Wh → kWh). Signs follow the
 * contract's EnergyFlowSchema: meter W > 0 buys, battery W > 0 discharges, inverter W > 0 produces.
 * A device type the site does not have counts as 0; a type it has whose value is unknown makes every
 * quantity derived from it unknown (null), so a gap never reads as 0.
 */
import type { EnergyFlow, EnergyTotals } from '@ems/contract/api/station';
import type { DeviceType } from '@ems/contract/telemetry';
import { kwh, round } from './power-unit';

/** Per device type: the sum over the site's devices of that type, null when none has a value. */
export type TypeSums = Partial<Record<DeviceType, number | null>>;

/** One value of one device (W, or Wh of energy). */
export interface TypedValue {
  type: DeviceType;
  value: number | null;
}

/** Sums values per device type; a type whose devices all lack a value is null. */
export function sumByType(values: readonly TypedValue[]): TypeSums {
  const out: TypeSums = {};
  for (const { type, value } of values) {
    const cur = out[type];
    if (value === null) {
      if (cur === undefined) out[type] = null;
    } else {
      out[type] = (cur ?? 0) + value;
    }
  }
  return out;
}

const BALANCE_TYPES = ['inverter', 'meter', 'battery'] as const;

/** Device types that carry power and energy counters (sensors have none): the ones a site's energy adds up. */
export const ENERGY_DEVICE_TYPES: ReadonlySet<string> = new Set([
  'inverter',
  'meter',
  'battery',
  'charger',
  'ups',
]);

/** Adds the present entries of `sums` for `types`; null when a present one is null, or none is present. */
function addPresent(sums: TypeSums, types: readonly DeviceType[]): number | null {
  let total: number | null = null;
  for (const t of types) {
    if (!(t in sums)) continue;
    const v = sums[t];
    if (v === null || v === undefined) return null;
    total = (total ?? 0) + v;
  }
  return total;
}

/**
 * Household load in W: PV + grid + battery when the site has any of them (chargers are behind the
 * meter, so included); otherwise charger and UPS output power. Never below 0.
 */
export function deriveLoadW(power: TypeSums): number | null {
  const hasBalance = BALANCE_TYPES.some((t) => t in power);
  const load = hasBalance ? addPresent(power, BALANCE_TYPES) : addPresent(power, ['charger', 'ups']);
  return load === null ? null : Math.max(0, load);
}

/** Live energy flow of a site from the per-type sums of power (W) and mean SOC (%). */
export function deriveFlow(power: TypeSums, soc: number | null): EnergyFlow {
  const pick = (t: DeviceType) => (t in power ? (power[t] ?? null) : null);
  return {
    pvW: pick('inverter'),
    gridW: pick('meter'),
    batteryW: pick('battery'),
    loadW: deriveLoadW(power),
    chargerW: pick('charger'),
    soc,
  };
}

/** Energies (Wh) per counter of a site: each entry as TypeSums (absent type = site has none). */
export interface CounterSums {
  /** e_in per type: inverter production, meter bought, battery charged, charger and UPS delivered. */
  eIn: TypeSums;
  /** e_out per type: meter sold, battery discharged. */
  eOut: TypeSums;
}

/**
 * Energy totals (kWh) of a site: production from inverters, grid from the meter, charge/discharge
 * from batteries, consumption = production + buy + discharge − sell − charge (floor 0). Chargers sit
 * behind the meter, so on a charging site with a meter consumption is what it bought (chargers and the
 * rest); only a site without PV, meter or battery counts what its chargers or UPS delivered.
 */
export function deriveTotals(e: CounterSums): EnergyTotals {
  const has = (t: DeviceType) => t in e.eIn;
  const of = (sums: TypeSums, t: DeviceType) => sums[t] ?? null;
  const neg = (v: number | null) => (v === null ? null : -v);
  const production = has('inverter') ? of(e.eIn, 'inverter') : null;
  let consumption: number | null;
  if (BALANCE_TYPES.some(has)) {
    const terms: (number | null)[] = [];
    if (has('inverter')) terms.push(of(e.eIn, 'inverter'));
    if (has('meter')) terms.push(of(e.eIn, 'meter'), neg(of(e.eOut, 'meter')));
    if (has('battery')) terms.push(of(e.eOut, 'battery'), neg(of(e.eIn, 'battery')));
    consumption = terms.includes(null)
      ? null
      : Math.max(
          0,
          terms.reduce<number>((a, b) => a + (b ?? 0), 0),
        );
  } else {
    consumption = addPresent(e.eIn, ['charger', 'ups']);
  }
  return {
    productionKwh: kwh(production),
    consumptionKwh: kwh(consumption),
    gridBuyKwh: kwh(e.eIn.meter),
    gridSellKwh: kwh(e.eOut.meter),
    chargeKwh: kwh(e.eIn.battery),
    dischargeKwh: kwh(e.eOut.battery),
  };
}

/** Mean SOC (%) of the batteries with a value, else of the UPS units; null when none has one. */
export function meanSoc(values: readonly TypedValue[]): number | null {
  for (const type of ['battery', 'ups'] as const) {
    const socs = values.filter((v) => v.type === type && v.value !== null).map((v) => v.value as number);
    if (socs.length > 0) return round(socs.reduce((a, b) => a + b, 0) / socs.length, 1);
  }
  return null;
}
