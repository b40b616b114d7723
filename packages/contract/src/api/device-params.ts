/**
 * Inverter parameters (issue 21; spec §1 "inverter parameter wording", §5 SOC rules, §9 SOC 5–80 %, default
 * 20, gap 10): every parameter with its group (as spec §1 groups them), unit, range, default, and its
 * SunSpec point where SunSpec has one (models 124 basic storage controls, 802 battery). The web's form and
 * the server's routes validate with the same schemas; docs/commands.md and docs/device-protocol.md §7 say
 * how a set travels to the device.
 *
 * Defaults of the two SOC limits: the grid-tied limit is the one of spec §9's "default 20", the off-grid
 * limit defaults to 10. The gap rule (grid-tied ≥ off-grid + 10) must hold with both defaults; of the two
 * choices that keep it (30/20 or 20/10) this one keeps the spec's 20 on the limit that applies every day
 * (grid-tied), and lets an outage use the 10 points of reserve the grid-tied limit keeps for it.
 */
import { z } from 'zod';
import { boundedInt, boundedNumber, safeString } from '../bounds';
import { SOC_LIMITS } from '../constants';

/** Spec §1 groups of inverter parameters, in the order the Parameters tab shows them. */
export const PARAM_GROUPS = [
  'mode',
  'battery',
  'tou',
  'soc',
  'generator',
  'antiBackflow',
  'wiring',
  'calibration',
] as const;
export type ParamGroup = (typeof PARAM_GROUPS)[number];

/** Operating modes of spec §1: grid-connected (self-use), off-grid, emergency backup, peak load shifting. */
export const OPERATING_MODES = ['selfUse', 'offGrid', 'backup', 'peakShift'] as const;
/** Battery charge mode: from PV only, or from PV and the grid (SunSpec 124 ChaGriSet: PV = 0, GRID = 1). */
export const CHARGE_MODES = ['pvOnly', 'pvAndGrid'] as const;
/** Battery discharge mode: cover the site's own load only, or also feed the grid in discharge slots. */
export const DISCHARGE_MODES = ['load', 'loadAndGrid'] as const;
/** Generator input: not used, started by the inverter (off-grid at the off-grid SOC limit), or by hand. */
export const GENERATOR_MODES = ['off', 'auto', 'manual'] as const;
/** Three-phase wiring (spec §1): three-wire or four-wire. */
export const WIRING_MODES = ['threeWire', 'fourWire'] as const;
/** Kind of a peak-valley price period. */
export const SLOT_KINDS = ['peak', 'valley', 'flat'] as const;
/** What the battery does in a period. */
export const SLOT_ACTIONS = ['charge', 'discharge', 'idle'] as const;

/** Most peak-valley periods a device holds. */
export const MAX_TOU_SLOTS = 10;
/**
 * Largest power (W) of a period's limit, the export limit and the battery's charge / discharge limits:
 * 100 kW, a large three-phase hybrid. The battery limits default to it: no limit below the device's own.
 */
export const PARAM_POWER_MAX_W = 100_000;

/** The five measurements the calibration coefficients apply to (spec §1), each reported = a × measured + b. */
export const CALIBRATED = [
  'batteryVoltage',
  'dcOutputVoltage',
  'dcBusVoltage',
  'batteryCurrent',
  'outputCurrent',
] as const;
export type Calibrated = (typeof CALIBRATED)[number];

/** Telemetry point a calibration scales (docs/device-protocol.md §5, hybrid inverter). */
export const CALIBRATED_POINT: Record<Calibrated, string> = {
  batteryVoltage: 'BatV',
  dcOutputVoltage: 'DCOutV',
  dcBusVoltage: 'BusV',
  batteryCurrent: 'BatA',
  outputCurrent: 'A',
};

/** A time of day `HH:mm` (00:00–23:59), or `24:00` as a period's end. */
const timeOfDay = (allowEnd: boolean) =>
  safeString(5).regex(allowEnd ? /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/ : /^([01]\d|2[0-3]):[0-5]\d$/, {
    error: 'validation.time',
  });

/** Minutes since midnight of `HH:mm`. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One peak-valley price period, in the site's local time; it does not cross midnight (split it in two). */
export const TouSlotSchema = z.object({
  start: timeOfDay(false),
  end: timeOfDay(true),
  kind: z.enum(SLOT_KINDS, { error: 'common.illegalInput' }),
  action: z.enum(SLOT_ACTIONS, { error: 'common.illegalInput' }),
  /** Battery power limit in the period, W (charge or discharge). */
  powerW: boundedInt(0, PARAM_POWER_MAX_W, 'common.outOfRange'),
});
export type TouSlot = z.infer<typeof TouSlotSchema>;

const socField = boundedInt(SOC_LIMITS.min, SOC_LIMITS.max, 'common.outOfRange');
const gainField = boundedNumber(0.5, 1.5, 'common.outOfRange');
const voltOffsetField = boundedNumber(-50, 50, 'common.outOfRange');
const ampOffsetField = boundedNumber(-10, 10, 'common.outOfRange');

/** The SunSpec point a parameter is, where SunSpec has one. */
export interface SunSpecRef {
  model: number;
  point: string;
}

/** What the form and the docs say of one parameter. */
export interface ParamSpec {
  group: ParamGroup;
  /** enum: one of `options`; number: `min`..`max` in `unit` by `step`; boolean; slots: up to 10 periods. */
  kind: 'enum' | 'number' | 'boolean' | 'slots';
  options?: readonly string[];
  unit?: '%' | 'W' | 'V' | 'A';
  min?: number;
  max?: number;
  step?: number;
  sunspec?: SunSpecRef;
  /** Telemetry point(s) the device reports the value on (paramsToPoints). */
  point: string;
}

const cal = (unit: 'V' | 'A', point: string): [ParamSpec, ParamSpec] => [
  { group: 'calibration', kind: 'number', min: 0.5, max: 1.5, step: 0.001, point: `${point}A` },
  {
    group: 'calibration',
    kind: 'number',
    unit,
    min: unit === 'V' ? -50 : -10,
    max: unit === 'V' ? 50 : 10,
    step: 0.01,
    point: `${point}B`,
  },
];
const [calBatVA, calBatVB] = cal('V', 'CalBatV');
const [calOutVA, calOutVB] = cal('V', 'CalDCOutV');
const [calBusVA, calBusVB] = cal('V', 'CalBusV');
const [calBatAA, calBatAB] = cal('A', 'CalBatA');
const [calOutAA, calOutAB] = cal('A', 'CalOutA');

/** What the two lower SOC limits share (spec §9: 5–80 %, whole percent). */
const SOC_LIMIT_FIELD = {
  group: 'soc',
  kind: 'number',
  unit: '%',
  min: SOC_LIMITS.min,
  max: SOC_LIMITS.max,
  step: 1,
} as const;

/**
 * What the two battery power limits share: W, 0..PARAM_POWER_MAX_W by 100 W. SunSpec model 124 holds them
 * as `InWRte` / `OutWRte`, percentages of `WChaMax` (docs/gateway.md "Writes").
 */
const BATTERY_POWER_FIELD = {
  group: 'battery',
  kind: 'number',
  unit: 'W',
  min: 0,
  max: PARAM_POWER_MAX_W,
  step: 100,
} as const;

/** Every parameter, in form order within its group. */
export const PARAM_SPECS = {
  operatingMode: { group: 'mode', kind: 'enum', options: OPERATING_MODES, point: 'OpMod' },
  chargeMode: {
    group: 'battery',
    kind: 'enum',
    options: CHARGE_MODES,
    sunspec: { model: 124, point: 'ChaGriSet' },
    point: 'ChaGriSet',
  },
  dischargeMode: { group: 'battery', kind: 'enum', options: DISCHARGE_MODES, point: 'DisChaMod' },
  chargePowerMaxW: {
    ...BATTERY_POWER_FIELD,
    sunspec: { model: 124, point: 'InWRte' },
    point: 'ChaWMax',
  },
  dischargePowerMaxW: {
    ...BATTERY_POWER_FIELD,
    sunspec: { model: 124, point: 'OutWRte' },
    point: 'DisChaWMax',
  },
  touSlots: { group: 'tou', kind: 'slots', unit: 'W', min: 0, max: PARAM_POWER_MAX_W, point: 'Tou' },
  socLowerOnGrid: { ...SOC_LIMIT_FIELD, sunspec: { model: 802, point: 'SoCRsvMin' }, point: 'SoCRsvMin' },
  socLowerOffGrid: { ...SOC_LIMIT_FIELD, point: 'SoCRsvMinOffGrid' },
  generatorMode: { group: 'generator', kind: 'enum', options: GENERATOR_MODES, point: 'GenMod' },
  antiBackflow: { group: 'antiBackflow', kind: 'boolean', point: 'ExpLimEna' },
  exportLimitW: {
    group: 'antiBackflow',
    kind: 'number',
    unit: 'W',
    min: 0,
    max: PARAM_POWER_MAX_W,
    step: 100,
    point: 'ExpLimW',
  },
  wiring: { group: 'wiring', kind: 'enum', options: WIRING_MODES, point: 'Wiring' },
  calBatteryVoltageA: calBatVA,
  calBatteryVoltageB: calBatVB,
  calDcOutputVoltageA: calOutVA,
  calDcOutputVoltageB: calOutVB,
  calDcBusVoltageA: calBusVA,
  calDcBusVoltageB: calBusVB,
  calBatteryCurrentA: calBatAA,
  calBatteryCurrentB: calBatAB,
  calOutputCurrentA: calOutAA,
  calOutputCurrentB: calOutAB,
} as const satisfies Record<string, ParamSpec>;

export type ParamKey = keyof typeof PARAM_SPECS;
/** Every parameter key, in form order. */
export const PARAM_KEYS = Object.keys(PARAM_SPECS) as ParamKey[];

/**
 * Parameters whose top value, PARAM_POWER_MAX_W, means "no limit below the device's own": the battery's
 * power limits, which default to it. The Parameters tab writes such a value "No limit" (not "100,000 W" on
 * a 6 kW inverter), and an emptied field sets it.
 */
export const NO_LIMIT_PARAMS: readonly ParamKey[] = ['chargePowerMaxW', 'dischargePowerMaxW'];

/** Whether `value` of parameter `key` is "no limit" (NO_LIMIT_PARAMS at or above PARAM_POWER_MAX_W). */
export const isNoLimit = (key: string, value: unknown): boolean =>
  (NO_LIMIT_PARAMS as readonly string[]).includes(key) &&
  typeof value === 'number' &&
  value >= PARAM_POWER_MAX_W;

/** The zod field of every parameter (ranges answer "data out of range", spec §5). */
export const PARAM_FIELDS = {
  operatingMode: z.enum(OPERATING_MODES, { error: 'common.illegalInput' }),
  chargeMode: z.enum(CHARGE_MODES, { error: 'common.illegalInput' }),
  dischargeMode: z.enum(DISCHARGE_MODES, { error: 'common.illegalInput' }),
  chargePowerMaxW: boundedInt(0, PARAM_POWER_MAX_W, 'common.outOfRange'),
  dischargePowerMaxW: boundedInt(0, PARAM_POWER_MAX_W, 'common.outOfRange'),
  touSlots: z.array(TouSlotSchema).max(MAX_TOU_SLOTS, { error: 'common.outOfRange' }),
  socLowerOnGrid: socField,
  socLowerOffGrid: socField,
  generatorMode: z.enum(GENERATOR_MODES, { error: 'common.illegalInput' }),
  antiBackflow: z.boolean({ error: 'common.illegalInput' }),
  exportLimitW: boundedInt(0, PARAM_POWER_MAX_W, 'common.outOfRange'),
  wiring: z.enum(WIRING_MODES, { error: 'common.illegalInput' }),
  calBatteryVoltageA: gainField,
  calBatteryVoltageB: voltOffsetField,
  calDcOutputVoltageA: gainField,
  calDcOutputVoltageB: voltOffsetField,
  calDcBusVoltageA: gainField,
  calDcBusVoltageB: voltOffsetField,
  calBatteryCurrentA: gainField,
  calBatteryCurrentB: ampOffsetField,
  calOutputCurrentA: gainField,
  calOutputCurrentB: ampOffsetField,
} satisfies Record<ParamKey, z.ZodType>;

/** Every parameter's value. */
export type DeviceParams = { [K in ParamKey]: z.output<(typeof PARAM_FIELDS)[K]> };
/** Some parameters' values (what a set asks for, what a device reported). */
export type DeviceParamsPatch = Partial<DeviceParams>;

/** Defaults of every parameter (what an inverter ships with; SOC: grid-tied 20, off-grid 10, see above). */
export const PARAM_DEFAULTS: DeviceParams = {
  operatingMode: 'selfUse',
  chargeMode: 'pvOnly',
  dischargeMode: 'load',
  chargePowerMaxW: PARAM_POWER_MAX_W,
  dischargePowerMaxW: PARAM_POWER_MAX_W,
  touSlots: [],
  socLowerOnGrid: SOC_LIMITS.default,
  socLowerOffGrid: SOC_LIMITS.default - SOC_LIMITS.gap,
  generatorMode: 'off',
  antiBackflow: false,
  exportLimitW: 0,
  wiring: 'fourWire',
  calBatteryVoltageA: 1,
  calBatteryVoltageB: 0,
  calDcOutputVoltageA: 1,
  calDcOutputVoltageB: 0,
  calDcBusVoltageA: 1,
  calDcBusVoltageB: 0,
  calBatteryCurrentA: 1,
  calBatteryCurrentB: 0,
  calOutputCurrentA: 1,
  calOutputCurrentB: 0,
};

/** Which parameters each device type has (spec §1: inverters; the other types have none). */
export const PARAMS_OF_TYPE: Readonly<Record<string, readonly ParamKey[]>> = { inverter: PARAM_KEYS };

/** The parameters of `deviceType` (empty when it has none). */
export const paramsOfType = (deviceType: string): readonly ParamKey[] => PARAMS_OF_TYPE[deviceType] ?? [];

type Ctx = z.core.$RefinementCtx;

/**
 * Spec §5 SOC rule: the grid-tied lower limit at least SOC_LIMITS.gap (10) points above the off-grid one.
 * When it fails, each limit gets the rule's wording from its own side, so the field the user is changing
 * carries the sentence that speaks of it.
 */
function socGapRule(v: DeviceParamsPatch, ctx: Ctx): void {
  const { socLowerOnGrid: on, socLowerOffGrid: off } = v;
  if (on === undefined || off === undefined || on - off >= SOC_LIMITS.gap) return;
  ctx.addIssue({ code: 'custom', message: 'params.socGapOnGrid', path: ['socLowerOnGrid'] });
  ctx.addIssue({ code: 'custom', message: 'params.socGapOffGrid', path: ['socLowerOffGrid'] });
}

/** Periods: each ends after it starts, and no two overlap. */
function slotsRule(v: DeviceParamsPatch, ctx: Ctx): void {
  const slots = v.touSlots;
  if (!slots) return;
  const spans = slots.map((s, i) => ({ i, from: minutesOf(s.start), to: minutesOf(s.end) }));
  for (const s of spans) {
    if (s.to <= s.from) {
      ctx.addIssue({ code: 'custom', message: 'params.slotOrder', path: ['touSlots', s.i, 'end'] });
      return;
    }
  }
  spans.sort((a, b) => a.from - b.from);
  for (let k = 1; k < spans.length; k++) {
    if (spans[k]!.from < spans[k - 1]!.to) {
      ctx.addIssue({
        code: 'custom',
        message: 'params.slotOverlap',
        path: ['touSlots', spans[k]!.i, 'start'],
      });
      return;
    }
  }
}

/** The rules across parameters (spec §5 SOC gap, periods). */
export function paramRules(v: DeviceParamsPatch, ctx: Ctx): void {
  socGapRule(v, ctx);
  slotsRule(v, ctx);
}

/** Every parameter, with the rules across them: the form's schema, and the server's check of a set's result. */
export const DeviceParamsSchema = z.object(PARAM_FIELDS).superRefine(paramRules);

/**
 * Some parameters (at least one; an unknown key is 非法输入): the `params` of device/params/set. The SOC
 * rule applies here when both limits are given; the server also checks the result of the set against the
 * values the device has (DeviceParamsSchema on reported ⊕ pending ⊕ asked).
 */
export const DeviceParamsPatchSchema = z
  .strictObject(PARAM_FIELDS)
  .partial()
  .superRefine(paramRules)
  .refine((v) => Object.keys(v).length > 0, { error: 'params.empty' });

/** True when two values of parameter `key` are the same setting (periods compared as a whole). */
export function sameParamValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  return a === b;
}

/**
 * `asked` split against `current` (the values the device has, or will have once the commands in flight
 * are applied): what must be written, and the keys already equal (not written again: flash wear).
 */
export function diffParams(
  asked: DeviceParamsPatch,
  current: DeviceParamsPatch,
): { changed: DeviceParamsPatch; unchanged: ParamKey[] } {
  const changed: Record<string, unknown> = {};
  const unchanged: ParamKey[] = [];
  for (const key of Object.keys(asked) as ParamKey[]) {
    if (key in current && sameParamValue(asked[key], current[key])) unchanged.push(key);
    else changed[key] = asked[key];
  }
  return { changed: changed as DeviceParamsPatch, unchanged };
}
