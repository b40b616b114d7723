/**
 * One power unit per chart (UX.md): W below 1 kW, kW below 10 MW, MW from 10 MW, chosen from the
 * largest absolute value of all the chart's power series. Energies are always kWh (`kwh`).
 */

/** Units a power series can be shown in. */
export type PowerUnit = 'W' | 'kW' | 'MW';

const FACTOR: Record<PowerUnit, number> = { W: 1, kW: 1_000, MW: 1_000_000 };
/** Decimals kept after scaling: 0.1 W, 1 W in kW, 1 kW in MW. */
const DECIMALS: Record<PowerUnit, number> = { W: 1, kW: 3, MW: 3 };

/** The unit for a chart whose largest |value| is `maxAbsW` watts. */
export function pickPowerUnit(maxAbsW: number): PowerUnit {
  if (maxAbsW >= 10_000_000) return 'MW';
  if (maxAbsW >= 1_000) return 'kW';
  return 'W';
}

/** Largest |value| over all series, ignoring gaps (0 when there is no value at all). */
export function maxAbs(series: readonly (readonly (number | null)[])[]): number {
  let m = 0;
  for (const values of series) for (const v of values) if (v !== null && Math.abs(v) > m) m = Math.abs(v);
  return m;
}

/** Rounds `value` to `decimals` places (half away from zero, no -0). */
export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = (Math.sign(value) * Math.round(Math.abs(value) * f)) / f;
  return r === 0 ? 0 : r;
}

/** Wh in kWh to 1 Wh (3 decimals), the resolution of every energy value; gaps (null, absent) are null. */
export function kwh(wh: number | null | undefined): number | null {
  return wh === null || wh === undefined ? null : round(wh / 1000, 3);
}

/** Watts expressed in `unit`, rounded to the unit's resolution; gaps stay null. */
export function scalePower(valueW: number | null, unit: PowerUnit): number | null {
  return valueW === null ? null : round(valueW / FACTOR[unit], DECIMALS[unit]);
}
