/**
 * The Parameters tab's form logic, without React (issue 21 item 5): the values the form starts from, the
 * parameters a change touches, the pending command of each parameter, and the rules checked as the user
 * types, with the contract's schema (the one device/params/set checks), so the form refuses what the
 * server refuses, with the same catalogue message.
 */
import type { CommandRow, DeviceParamsAnswer } from '@ems/contract/api/device-commands';
import {
  type DeviceParams,
  type DeviceParamsPatch,
  DeviceParamsSchema,
  isNoLimit,
  NO_LIMIT_PARAMS,
  PARAM_DEFAULTS,
  PARAM_GROUPS,
  PARAM_POWER_MAX_W,
  PARAM_SPECS,
  type ParamGroup,
  type ParamKey,
  sameParamValue,
} from '@ems/contract/api/device-params';
import type { z } from 'zod';

/** The form's values: every parameter, as the inputs hold them (a cleared number is null). */
export type ParamFormValues = { [K in ParamKey]: DeviceParams[K] | null };

/**
 * The values the device has or is about to have: the defaults, then what it reported, then every pending
 * command's values in order (as the server computes them before a set). The form starts from these, and
 * a field differs from them when the user changed it.
 */
export function formBase(answer: Pick<DeviceParamsAnswer, 'reported' | 'pending'>): DeviceParams {
  const base: Record<string, unknown> = { ...PARAM_DEFAULTS };
  for (const [key, value] of Object.entries(answer.reported)) if (key in PARAM_SPECS) base[key] = value;
  for (const c of answer.pending) Object.assign(base, c.params);
  return base as DeviceParams;
}

/** A period as the form holds it: a time field still being typed may be empty. */
const cleanSlot = (slot: unknown) => {
  const s = (slot ?? {}) as Record<string, unknown>;
  return { start: s.start, end: s.end, kind: s.kind, action: s.action, powerW: s.powerW };
};

/**
 * The form's value of `key` in the shape the API takes (periods with exactly their five fields; an empty
 * battery power limit is "no limit", PARAM_POWER_MAX_W).
 */
function apiValue(key: ParamKey, value: unknown): unknown {
  if (key === 'touSlots') return Array.isArray(value) ? value.map(cleanSlot) : value;
  if ((value === null || value === undefined) && NO_LIMIT_PARAMS.includes(key)) return PARAM_POWER_MAX_W;
  return value;
}

/**
 * What the form's inputs show for `base`: the same values, except a battery power limit that means no
 * limit, which is an empty input saying "No limit" (its placeholder) rather than "100000 W".
 */
export function formValuesOf(base: DeviceParams): ParamFormValues {
  const out: Record<string, unknown> = { ...base };
  for (const key of NO_LIMIT_PARAMS) if (isNoLimit(key, out[key])) out[key] = null;
  return out as ParamFormValues;
}

/**
 * The parameters among `supported` whose form value differs from `base`: the `params` of device/params/set
 * (only changed values are sent, issue 21 §3).
 */
export function changedParams(
  base: DeviceParams,
  values: Partial<ParamFormValues>,
  supported: readonly ParamKey[],
): DeviceParamsPatch {
  const out: Record<string, unknown> = {};
  for (const key of supported) {
    if (!(key in values)) continue;
    const value = apiValue(key, values[key]);
    if (!sameParamValue(value, base[key])) out[key] = value;
  }
  return out as DeviceParamsPatch;
}

/** The newest pending command that sets each parameter (device/params lists them oldest first). */
export function pendingByParam(pending: readonly CommandRow[]): Map<string, CommandRow> {
  const out = new Map<string, CommandRow>();
  for (const c of pending) for (const key of Object.keys(c.params)) out.set(key, c);
  return out;
}

/** Path of a form field: a parameter, or a period's field (`['touSlots', 2, 'end']`). */
export type FieldPath = readonly (string | number)[];

const samePath = (a: readonly PropertyKey[], b: FieldPath) =>
  a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

/** `values` with `value` at `path` (a copy; the form's own values are left alone). */
export function withValueAt(
  values: Partial<ParamFormValues>,
  path: FieldPath,
  value: unknown,
): Partial<ParamFormValues> {
  const copy = structuredClone(values) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  path.forEach((part, i) => {
    if (i === path.length - 1) at[part] = value;
    else {
      at[part] = at[part] ?? (typeof path[i + 1] === 'number' ? [] : {});
      at = at[part] as Record<string | number, unknown>;
    }
  });
  return copy as Partial<ParamFormValues>;
}

/**
 * The first issue the contract's rules (ranges, spec §5 SOC gap, periods) find at `path` of the whole
 * form's `values`, or null. A period's rule may name the list itself (too many periods).
 */
export function issueAt(values: Partial<ParamFormValues>, path: FieldPath): z.core.$ZodIssue | null {
  const full: Record<string, unknown> = { ...PARAM_DEFAULTS };
  for (const key of Object.keys(values) as ParamKey[]) full[key] = apiValue(key, values[key]);
  const result = DeviceParamsSchema.safeParse(full);
  if (result.success) return null;
  return result.error.issues.find((i) => samePath(i.path, path)) ?? null;
}

/** The supported parameters grouped as spec §1 groups them, in the tab's order (empty groups left out). */
export function groupParams(supported: readonly ParamKey[]): { group: ParamGroup; keys: ParamKey[] }[] {
  return PARAM_GROUPS.map((group) => ({
    group,
    keys: supported.filter((k) => PARAM_SPECS[k].group === group),
  })).filter((g) => g.keys.length > 0);
}

/**
 * A server refusal's `field` ("socLowerOnGrid", "touSlots.0.end") as a form path, or null when the
 * form has no such field.
 */
export function fieldPathOf(field: string | undefined, supported: readonly ParamKey[]): FieldPath | null {
  if (!field) return null;
  const parts = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return supported.includes(parts[0] as ParamKey) ? parts : null;
}
