/**
 * How a device reports its parameters in its telemetry (docs/device-protocol.md §7 "Reporting the
 * parameters"): one point per parameter, named as PARAM_SPECS says (SunSpec's name and encoding where
 * SunSpec has the point: `SoCRsvMin` %, `ChaGriSet` 0 PV / 1 GRID), the periods as `TouN` (how many) and
 * `Tou1`…`Tou10` (`"HH:mm-HH:mm kind action powerW"`, a string point of at most 64 characters).
 */
import type { Sample } from '../telemetry';
import {
  CHARGE_MODES,
  type DeviceParamsPatch,
  MAX_TOU_SLOTS,
  PARAM_FIELDS,
  PARAM_KEYS,
  PARAM_SPECS,
  type ParamKey,
  type TouSlot,
  TouSlotSchema,
} from './device-params';

type Points = Sample['points'];

/** `Tou{n}`'s text of one period. */
export const slotText = (s: TouSlot) => `${s.start}-${s.end} ${s.kind} ${s.action} ${s.powerW}`;

/** A period from its `Tou{n}` text, or null when it is not one. */
export function slotFromText(text: unknown): TouSlot | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d\d:\d\d)-(\d\d:\d\d) (\w+) (\w+) (\d+)$/.exec(text);
  if (!m) return null;
  const parsed = TouSlotSchema.safeParse({ start: m[1], end: m[2], kind: m[3], action: m[4], powerW: m[5] });
  return parsed.success ? parsed.data : null;
}

/** The telemetry points of `params` (the keys it has). */
export function paramsToPoints(params: DeviceParamsPatch): Points {
  const out: Points = {};
  for (const key of Object.keys(params) as ParamKey[]) {
    const value = params[key];
    if (value === undefined) continue;
    if (key === 'touSlots') {
      const slots = value as TouSlot[];
      out.TouN = slots.length;
      slots.forEach((s, i) => {
        out[`Tou${i + 1}`] = slotText(s);
      });
    } else if (key === 'chargeMode') {
      out.ChaGriSet = CHARGE_MODES.indexOf(value as (typeof CHARGE_MODES)[number]);
    } else {
      out[PARAM_SPECS[key].point] = value as number | string | boolean;
    }
  }
  return out;
}

/** The parameters a sample's points carry (those valid; none: an empty object). */
export function paramsFromPoints(points: Points): DeviceParamsPatch {
  const out: Record<string, unknown> = {};
  for (const key of PARAM_KEYS) {
    if (key === 'touSlots') {
      const n = points.TouN;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_TOU_SLOTS) continue;
      const slots = Array.from({ length: n }, (_, i) => slotFromText(points[`Tou${i + 1}`]));
      if (slots.every((s) => s !== null)) out.touSlots = slots;
      continue;
    }
    const raw = points[PARAM_SPECS[key].point];
    if (raw === undefined) continue;
    const value = key === 'chargeMode' && typeof raw === 'number' ? CHARGE_MODES[raw] : raw;
    const parsed = PARAM_FIELDS[key].safeParse(value);
    // A boolean coerced to a number is not a number the device sent.
    if (parsed.success && (typeof raw !== 'boolean' || key === 'antiBackflow')) out[key] = parsed.data;
  }
  return out as DeviceParamsPatch;
}

const PARAM_POINTS = new Set<string>([
  'TouN',
  ...PARAM_KEYS.filter((k) => k !== 'touSlots').map((k) => PARAM_SPECS[k].point),
]);

/** True when a sample's points report at least one parameter (a cheap test before paramsFromPoints). */
export function reportsParams(points: Points): boolean {
  for (const name in points) if (PARAM_POINTS.has(name)) return true;
  return false;
}
