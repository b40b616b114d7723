/**
 * Pure assembly of the day chart's series from per-device, per-bucket averages (UX.md "Station,
 * history"): site series production, consumption, grid buy/sell, charge/discharge, charging (the EV
 * chargers, issue 33) and SOC, or one
 * device's power and SOC. Buckets without data stay null.
 */
import type { DeviceType } from '@ems/contract/telemetry';
import { deriveLoadW, ENERGY_DEVICE_TYPES, meanSoc, sumByType } from './energy-flow';
import { maxAbs, type PowerUnit, pickPowerUnit, scalePower } from './power-unit';

/** One device's values per bucket: average W and last SOC (null = no data in the bucket). */
export interface DeviceBuckets {
  type: DeviceType;
  w: (number | null)[];
  soc: (number | null)[];
}

/** A chart series as the contract's LineSeriesSchema carries it. */
export interface Series {
  key: string;
  unit: string;
  values: (number | null)[];
}

const positive = (v: number | null) => (v === null ? null : Math.max(0, v));
const negatedPositive = (v: number | null) => (v === null ? null : Math.max(0, -v));

/** Site series, a series only for a device type the site has; power in W before unit scaling. */
export function siteSeries(devices: readonly DeviceBuckets[], bucketCount: number): Series[] {
  const has = (t: DeviceType) => devices.some((d) => d.type === t);
  const power = Array.from({ length: bucketCount }, (_, i) =>
    sumByType(devices.map((d) => ({ type: d.type, value: d.w[i] ?? null }))),
  );
  const soc = Array.from({ length: bucketCount }, (_, i) =>
    meanSoc(devices.map((d) => ({ type: d.type, value: d.soc[i] ?? null }))),
  );
  const of = (t: DeviceType) => power.map((p) => p[t] ?? null);
  const out: Series[] = [];
  if (has('inverter')) out.push({ key: 'production', unit: 'W', values: of('inverter') });
  if ([...ENERGY_DEVICE_TYPES].some((t) => has(t as DeviceType))) {
    out.push({ key: 'consumption', unit: 'W', values: power.map(deriveLoadW) });
  }
  if (has('meter')) {
    out.push({ key: 'gridBuy', unit: 'W', values: of('meter').map(positive) });
    out.push({ key: 'gridSell', unit: 'W', values: of('meter').map(negatedPositive) });
  }
  if (has('battery')) {
    out.push({ key: 'charge', unit: 'W', values: of('battery').map(negatedPositive) });
    out.push({ key: 'discharge', unit: 'W', values: of('battery').map(positive) });
  }
  // Issue 33: the chargers' power together (the Chargers card's day chart of PV, grid and charging).
  if (has('charger')) out.push({ key: 'charging', unit: 'W', values: of('charger').map(positive) });
  if (has('battery') || has('ups')) out.push({ key: 'soc', unit: '%', values: soc });
  return out;
}

/** One device's series: power as SunSpec `W`, and `SoC` for batteries and UPS units. */
export function deviceSeries(device: DeviceBuckets): Series[] {
  const out: Series[] = [{ key: 'W', unit: 'W', values: device.w }];
  if (device.type === 'battery' || device.type === 'ups')
    out.push({ key: 'SoC', unit: '%', values: device.soc });
  return out;
}

/**
 * Expresses every power series (unit W) in one unit: chosen from the largest value when `upgrade`,
 * else W. SOC series keep %, rounded to 0.1.
 */
export function applyPowerUnit(series: readonly Series[], upgrade: boolean): Series[] {
  const powerSeries = series.filter((s) => s.unit === 'W');
  const unit: PowerUnit = upgrade ? pickPowerUnit(maxAbs(powerSeries.map((s) => s.values))) : 'W';
  return series.map((s) =>
    s.unit === 'W'
      ? { ...s, unit, values: s.values.map((v) => scalePower(v, unit)) }
      : { ...s, values: s.values.map((v) => scalePower(v, 'W')) },
  );
}
