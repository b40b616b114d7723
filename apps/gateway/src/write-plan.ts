/**
 * Which SunSpec registers each platform parameter (packages/contract device-params.ts) is written to
 * (docs/gateway.md "Writes"):
 * - `socLowerOnGrid` (%) → model 802 `SoCRsvMin`, else model 124 `MinRsvPct`;
 * - `chargeMode` (`pvOnly` | `pvAndGrid`) → model 124 `ChaGriSet` (0 PV, 1 GRID);
 * - `antiBackflow` (on/off) → model 704 `WMaxLimPctEna`, else model 123 `WMaxLim_Ena` (1 enabled, 0 disabled);
 * - `exportLimitW` (W) → model 704, else 123, `WMaxLimPct` (% of the rated power: model 121 `WMax`,
 *   else 120 `WRtg`, else 702 `WMaxRtg`; a limit at or above it writes 100 %).
 * - `chargePowerMaxW` (W) → model 124 `InWRte`, `dischargePowerMaxW` (W) → model 124 `OutWRte`, each a
 *   percentage of model 124 `WChaMax` (model 124 has no `WDisChaMax`, so the discharge rate is of `WChaMax`
 *   too; a limit at or above it writes 100 %), with `StorCtl_Mod` bit 0 (CHARGE) or 1 (DISCHARGE) set so
 *   the device applies the rate; its other bits are kept as read.
 * A parameter with no register here, or whose model the device lacks, is not supported.
 */
import { scaleFactorOf } from './decode';
import { modelDef } from './models';
import type { AppliedPct, FoundDevice } from './poller';
import type { DeviceReading } from './reader';

/** One register write: model, point and value in the point's units. */
export interface Write {
  param: string;
  model: number;
  point: string;
  value: number;
  /** The point's value per unit of the parameter (exportLimitW: % per W); 1 when they are the same. */
  perParamUnit: number;
  /** A bitfield point: these bits are set on the value read just before writing, the others kept. */
  setBits?: number;
  /** The platform point reporting the parameter in W, for a percentage written for watts (paramPoints). */
  reportedAs?: string;
}

/** What turns watts into the percentages devices hold (W; undefined when the device does not state it). */
export interface Ratings {
  /** Rated active power (models 121, 120, 702): the export limit's 100 %. */
  ratedW?: number;
  /** Model 124 `WChaMax`: the battery rates' 100 %. */
  chargeMaxW?: number;
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

/** The battery rate points of model 124, their `StorCtl_Mod` bit and the platform point reporting them. */
const RATE = {
  chargePowerMaxW: { point: 'InWRte', bit: 1, reported: 'ChaWMax' },
  dischargePowerMaxW: { point: 'OutWRte', bit: 2, reported: 'DisChaWMax' },
} as const;

/** Parameters the gateway can write, for the announcement's `params` (device-protocol.md §11). */
export const WRITABLE_PARAMS = [
  'chargeMode',
  'chargePowerMaxW',
  'dischargePowerMaxW',
  'socLowerOnGrid',
  'antiBackflow',
  'exportLimitW',
] as const;

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

/** Model 124 `WChaMax` (W) of `reading`, or undefined when the device does not state it. */
export function chargeMaxW(reading: DeviceReading | undefined): number | undefined {
  const v = reading?.get(124)?.points.WChaMax;
  return typeof v === 'number' && v > 0 ? v : undefined;
}

/**
 * The writes of parameter `param` = `value` on device `d` (`ratings`: what its percentages are of), or
 * undefined when the device cannot take it.
 */
export function writesFor(
  d: FoundDevice,
  param: string,
  value: unknown,
  { ratedW, chargeMaxW: maxW }: Ratings,
): Write[] | undefined {
  const one = (model: number, point: string, v: number, perParamUnit = 1, reportedAs?: string): Write[] => [
    { param, model, point, value: v, perParamUnit, ...(reportedAs ? { reportedAs } : {}) },
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
    return one(limit.model, limit.pct, Math.min(100, value * perW), perW, 'ExpLimW');
  }
  const rate = RATE[param as keyof typeof RATE];
  if (
    rate &&
    typeof value === 'number' &&
    maxW &&
    hasPoint(d, 124, rate.point) &&
    hasPoint(d, 124, 'StorCtl_Mod')
  ) {
    const perW = 100 / maxW;
    return [
      ...one(124, rate.point, Math.min(100, value * perW), perW, rate.reported),
      { param, model: 124, point: 'StorCtl_Mod', value: rate.bit, perParamUnit: 1, setBits: rate.bit },
    ];
  }
  return undefined;
}

/**
 * The platform parameters device `d` can take (from its model chain and its last reading: the export limit
 * needs a rated power model, the battery rates a stated `WChaMax`).
 */
export function supportedParams(d: FoundDevice): string[] {
  const ratings: Ratings = {
    ratedW: RATED_POWER.some((r) => hasPoint(d, r.model, r.point, false)) ? 1 : undefined,
    chargeMaxW: chargeMaxW(d.last),
  };
  const sample: Record<(typeof WRITABLE_PARAMS)[number], unknown> = {
    chargeMode: 'pvOnly',
    chargePowerMaxW: 0,
    dischargePowerMaxW: 0,
    socLowerOnGrid: 20,
    antiBackflow: true,
    exportLimitW: 0,
  };
  return WRITABLE_PARAMS.filter((p) => writesFor(d, p, sample[p], ratings) !== undefined);
}

/**
 * The platform's parameter points (device-params-points.ts) of the export limit in `reading`:
 * `ExpLimEna` (boolean) and `ExpLimW` (W, whole). The limit the gateway last applied is reported as asked
 * while the device still holds the percentage written for it (a percentage step is several watts);
 * otherwise it is the device's percentage of its rated power.
 */
export function paramPoints(d: FoundDevice, reading: DeviceReading): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = { ...ratePoints(d, reading) };
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
  out.ExpLimW = keptOrRead(d.applied?.ExpLimW, pct, sf, ratedW);
  return out;
}

/** The watts asked, while the device holds the percentage written for them; else `pct` of `maxW`. */
function keptOrRead(kept: AppliedPct | undefined, pct: number, sf: number, maxW: number): number {
  return kept && Math.abs(kept.pct - pct) <= 10 ** sf / 2 + 1e-9 ? kept.w : Math.round((pct * maxW) / 100);
}

/**
 * The battery rate points `ChaWMax` and `DisChaWMax` (W, whole) of model 124 in `reading`: the rate's
 * percentage of `WChaMax` while its `StorCtl_Mod` bit is set (reported as asked while the device holds the
 * percentage written for it, as the export limit), else `WChaMax` itself (no limit below the device's own).
 */
function ratePoints(d: FoundDevice, reading: DeviceReading): Record<string, number> {
  const out: Record<string, number> = {};
  const block = reading.get(124);
  const maxW = chargeMaxW(reading);
  const mode = block?.points.StorCtl_Mod;
  if (!block || !maxW || typeof mode !== 'number') return out;
  const def = modelDef(124)!;
  for (const rate of Object.values(RATE)) {
    const pct = block.points[rate.point];
    if ((mode & rate.bit) === 0) out[rate.reported] = Math.round(maxW);
    else if (typeof pct === 'number') {
      const sf = scaleFactorOf(def, def.points.find((p) => p.name === rate.point)!, block.regs) ?? 0;
      out[rate.reported] = keptOrRead(d.applied?.[rate.reported], pct, sf, maxW);
    }
  }
  return out;
}
