/**
 * The one formatter of measured quantities (UX.md "Rules for every screen"): W with no decimals below
 * 1 kW, kW with 1 decimal, MW from 10 MW; kWh with 1 decimal, MWh and GWh from 10 000 of the smaller
 * unit; %, V and °C without decimals, A with 1. Locale separators, a non-breaking space before the
 * unit, and "–" for a missing value, never 0. Power is W and energy kWh as the API sends them.
 */
export const NBSP = '\u00a0';
/** What a missing value reads as (never 0). */
export const MISSING = '–';

type Maybe = number | null | undefined;

function isValue(v: Maybe): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formats a plain number with exactly `decimals` decimals in `locale`; "–" when missing. */
export function formatNumber(v: Maybe, locale: string, decimals = 0): string {
  if (!isValue(v)) return MISSING;
  const key = `${locale}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, format);
  }
  // -0 would print as "-0"
  const rounded = Number(v.toFixed(decimals)) || 0;
  return format.format(rounded);
}

function withUnit(v: Maybe, locale: string, decimals: number, unit: string): string {
  return isValue(v) ? `${formatNumber(v, locale, decimals)}${NBSP}${unit}` : MISSING;
}

/** Display units of power. */
export type PowerUnit = 'W' | 'kW' | 'MW';
const POWER: Record<PowerUnit, { factor: number; decimals: number }> = {
  W: { factor: 1, decimals: 0 },
  kW: { factor: 1e3, decimals: 1 },
  MW: { factor: 1e6, decimals: 1 },
};

/** The unit for a group whose largest absolute value is `maxAbsW` watts. */
export function powerUnitFor(maxAbsW: number): PowerUnit {
  if (maxAbsW >= 10e6) return 'MW';
  if (maxAbsW >= 1e3) return 'kW';
  return 'W';
}

/**
 * Formats watts in `unit` (or the value's own unit). A value that would read 0.0 in the group's unit
 * is written in its own unit instead (UX.md: small loads never read "0.0 kW", and neither does zero).
 */
export function formatPower(w: Maybe, locale: string, unit?: PowerUnit): string {
  if (!isValue(w)) return MISSING;
  let chosen = unit ?? powerUnitFor(Math.abs(w));
  const { factor, decimals } = POWER[chosen];
  if (Number((w / factor).toFixed(decimals)) === 0) chosen = powerUnitFor(Math.abs(w));
  const spec = POWER[chosen];
  return withUnit(w / spec.factor, locale, spec.decimals, chosen);
}

function maxAbs(values: readonly Maybe[]): number {
  return values.reduce<number>((max, v) => (isValue(v) ? Math.max(max, Math.abs(v)) : max), 0);
}

/** A formatter for one visual group: every value in the unit of the group's largest value. */
export function powerFormatter(values: readonly Maybe[], locale: string): (w: Maybe) => string {
  const unit = powerUnitFor(maxAbs(values));
  return (w) => formatPower(w, locale, unit);
}

/** Display units of energy. */
export type EnergyUnit = 'kWh' | 'MWh' | 'GWh';
const ENERGY: Record<EnergyUnit, number> = { kWh: 1, MWh: 1e3, GWh: 1e6 };

/** The unit for a group whose largest absolute value is `maxAbsKwh` kWh. */
export function energyUnitFor(maxAbsKwh: number): EnergyUnit {
  if (maxAbsKwh >= 10e6) return 'GWh';
  if (maxAbsKwh >= 10e3) return 'MWh';
  return 'kWh';
}

/** Formats kWh with 1 decimal in `unit` (or the value's own unit). */
export function formatEnergy(kwh: Maybe, locale: string, unit?: EnergyUnit): string {
  if (!isValue(kwh)) return MISSING;
  const chosen = unit ?? energyUnitFor(Math.abs(kwh));
  return withUnit(kwh / ENERGY[chosen], locale, 1, chosen);
}

/** A formatter for one card or column of energies: one unit from the largest value. */
export function energyFormatter(values: readonly Maybe[], locale: string): (kwh: Maybe) => string {
  const unit = energyUnitFor(maxAbs(values));
  return (kwh) => formatEnergy(kwh, locale, unit);
}

/** Percent without decimals ("85 %"). */
export function formatPercent(v: Maybe, locale: string): string {
  return withUnit(v, locale, 0, '%');
}

/** Volts without decimals. */
export function formatVoltage(v: Maybe, locale: string): string {
  return withUnit(v, locale, 0, 'V');
}

/** Amperes with 1 decimal. */
export function formatCurrent(v: Maybe, locale: string): string {
  return withUnit(v, locale, 1, 'A');
}

/** Degrees Celsius without decimals. */
export function formatTemperature(v: Maybe, locale: string): string {
  return withUnit(v, locale, 0, '°C');
}

/**
 * Installed capacity with 1 decimal in `unit`: kWp for PV, kWh for home storage, kW otherwise (contract
 * capacityUnit of the site's system type, issue 7 §1).
 */
export function formatCapacity(value: Maybe, locale: string, unit: 'kWp' | 'kWh' | 'kW' = 'kWp'): string {
  return withUnit(value, locale, 1, unit);
}
