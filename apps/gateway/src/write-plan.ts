/**
 * Which SunSpec registers each platform parameter (packages/contract device-params.ts) is written to
 * (docs/gateway.md "Writes"):
 * - `socLowerOnGrid` (%) → model 802 `SoCRsvMin`, else model 124 `MinRsvPct`;
 * - `chargeMode` (`pvOnly` | `pvAndGrid`) → model 124 `ChaGriSet` (0 PV, 1 GRID);
 * - `antiBackflow` (on/off) → model 704 `WMaxLimPctEna`, else model 123 `WMaxLim_Ena` (1 enabled, 0 disabled);
 * - `exportLimitW` (W) → model 704, else 123, `WMaxLimPct` (% of the rated power: model 121 `WMax`,
 *   else 120 `WRtg`, else 702 `WMaxRtg`; a limit at or above it writes 100 %).
 * A parameter with no register here, or whose model the device lacks, is not supported.
 */
import { scaleFactorOf } from './decode';
import { modelDef } from './models';
import type { FoundDevice } from './poller';
import type { DeviceReading } from './reader';

/** One register write: model, point and value in the point's units. */
export interface Write {
  param: string;
  model: number;
  point: string;
  value: number;
  /** The point's value per unit of the parameter (exportLimitW: % per W); 1 when they are the same. */
  perParamUnit: number;
}

const CHARGE_MODE = { pvOnly: 0, pvAndGrid: 1 } as const;
/** Where a device states its rated active power (W), in the order trusted. */
const RATED_POWER = [
  { model: 121, point: 'WMax' },
  { model: 120, point: 'WRtg' },
  { model: 702, point: 'WMaxRtg' },
] as const;
/** The export-limit points of the two control models, newest model first. */
const LIMIT = [
  { model: 704, pct: 'WMaxLimPct', ena: 'WMaxLimPctEna' },
  { model: 123, pct: 'WMaxLimPct', ena: 'WMaxLim_Ena' },
] as const;

/** Parameters the gateway can write, for the announcement's `params` (device-protocol.md §11). */
export const WRITABLE_PARAMS = ['chargeMode', 'socLowerOnGrid', 'antiBackflow', 'exportLimitW'] as const;

const hasPoint = (d: FoundDevice, model: number, point: string, rw = true) =>
  d.map.models.some((m) => m.id === model) &&
  (modelDef(model)?.points.some((p) => p.name === point && (!rw || p.access === 'RW')) ?? false);

/** The rated active power (W) of `reading`, or undefined when no model states it. */
export function ratedPowerW(reading: DeviceReading | undefined): number | undefined {
  for (const r of RATED_POWER) {
    const v = reading?.get(r.model)?.points[r.point];
    if (typeof v === 'number' && v > 0) return v;
  }
  return undefined;
}

/**
 * The writes of parameter `param` = `value` on device `d` (`ratedW`: its rated power, for the export
 * limit), or undefined when the device cannot take it.
 */
export function writesFor(
  d: FoundDevice,
  param: string,
  value: unknown,
  ratedW: number | undefined,
): Write[] | undefined {
  const one = (model: number, point: string, v: number, perParamUnit = 1) => [
    { param, model, point, value: v, perParamUnit },
  ];
  const limit = LIMIT.find((l) => hasPoint(d, l.model, l.pct) && hasPoint(d, l.model, l.ena));
  if (param === 'socLowerOnGrid' && typeof value === 'number') {
    if (hasPoint(d, 802, 'SoCRsvMin')) return one(802, 'SoCRsvMin', value);
    if (hasPoint(d, 124, 'MinRsvPct')) return one(124, 'MinRsvPct', value);
  }
  if (
    param === 'chargeMode' &&
    (value === 'pvOnly' || value === 'pvAndGrid') &&
    hasPoint(d, 124, 'ChaGriSet')
  )
    return one(124, 'ChaGriSet', CHARGE_MODE[value]);
  if (param === 'antiBackflow' && typeof value === 'boolean' && limit)
    return one(limit.model, limit.ena, value ? 1 : 0);
  if (param === 'exportLimitW' && typeof value === 'number' && limit && ratedW && ratedW > 0) {
    const perW = 100 / ratedW;
    return one(limit.model, limit.pct, Math.min(100, value * perW), perW);
  }
  return undefined;
}

/** The platform parameters device `d` can take (from its model chain; the export limit needs a rated power model). */
export function supportedParams(d: FoundDevice): string[] {
  const rated = RATED_POWER.some((r) => hasPoint(d, r.model, r.point, false)) ? 1 : undefined;
  const sample: Record<(typeof WRITABLE_PARAMS)[number], unknown> = {
    chargeMode: 'pvOnly',
    socLowerOnGrid: 20,
    antiBackflow: true,
    exportLimitW: 0,
  };
  return WRITABLE_PARAMS.filter((p) => writesFor(d, p, sample[p], rated) !== undefined);
}

/**
 * The platform's parameter points (device-params-points.ts) of the export limit in `reading`:
 * `ExpLimEna` (boolean) and `ExpLimW` (W, whole). The limit the gateway last applied is reported as asked
 * while the device still holds the percentage written for it (a percentage step is several watts);
 * otherwise it is the device's percentage of its rated power.
 */
export function paramPoints(d: FoundDevice, reading: DeviceReading): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = {};
  const limit = LIMIT.find((l) => reading.has(l.model));
  const block = limit && reading.get(limit.model);
  if (!limit || !block) return out;
  const ena = block.points[limit.ena];
  if (ena === 0 || ena === 1) out.ExpLimEna = ena === 1;
  const pct = block.points[limit.pct];
  const ratedW = ratedPowerW(reading);
  if (typeof pct !== 'number' || !ratedW) return out;
  const def = modelDef(limit.model)!;
  const sf = scaleFactorOf(def, def.points.find((p) => p.name === limit.pct)!, block.regs) ?? 0;
  const kept = d.appliedLimit;
  out.ExpLimW =
    kept && Math.abs(kept.pct - pct) <= 10 ** sf / 2 + 1e-9 ? kept.w : Math.round((pct * ratedW) / 100);
  return out;
}
