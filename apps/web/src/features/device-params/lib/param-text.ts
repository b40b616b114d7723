/**
 * A parameter's value as the Parameters tab and the command history write it, in the viewer's language:
 * options as words (deviceParams.option.<key>.<value>), on/off, numbers with the contract's unit (after a
 * non-breaking space, UX.md) and as many decimals as the parameter's step, periods as "00:00–06:00 valley, charge, 3,000 W". Missing is "–".
 */
import {
  isNoLimit,
  PARAM_SPECS,
  type ParamKey,
  type ParamSpec,
  type TouSlot,
} from '@ems/contract/api/device-params';
import type { TFunction } from 'i18next';
import { formatNumber, MISSING, NBSP } from '../../../shared/format/quantity';

/** i18next's t. */
export type Translate = TFunction;

/** Decimals a value of `spec` is written with: those of its step (1 → 0, 0.01 → 2). */
export function decimalsOf(spec: Pick<ParamSpec, 'step'>): number {
  const step = spec.step ?? 1;
  if (step >= 1) return 0;
  return Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
}

/** One period in words. */
export function slotLabel(slot: TouSlot, t: Translate, locale: string): string {
  const power = `${formatNumber(slot.powerW, locale)}${NBSP}W`;
  return `${slot.start}–${slot.end} ${t(`deviceParams.slotKind.${slot.kind}`)}, ${t(
    `deviceParams.slotAction.${slot.action}`,
  )}, ${power}`;
}

/** The value of parameter `key` in words (`value` as the API carries it; null or undefined is "–"). */
export function paramValueText(key: string, value: unknown, t: Translate, locale: string): string {
  if (value === null || value === undefined) return MISSING;
  if (isNoLimit(key, value)) return t('deviceParams.noLimit');
  const spec = (PARAM_SPECS as Record<string, ParamSpec>)[key];
  if (!spec) return String(value);
  switch (spec.kind) {
    case 'enum':
      return t(`deviceParams.option.${key}.${String(value)}`);
    case 'boolean':
      return t(value === true ? 'deviceParams.on' : 'deviceParams.off');
    case 'slots': {
      const slots = Array.isArray(value) ? (value as TouSlot[]) : [];
      if (slots.length === 0) return t('deviceParams.slots.none');
      return slots.map((s) => slotLabel(s, t, locale)).join('; ');
    }
    default: {
      if (typeof value !== 'number') return String(value);
      const text = formatNumber(value, locale, decimalsOf(spec));
      return spec.unit ? `${text}${NBSP}${spec.unit}` : text;
    }
  }
}

/** The parameter's label (deviceParams.field.<key>, keys named as the contract names them). */
export const paramLabel = (key: ParamKey | string, t: Translate) => t(`deviceParams.field.${key}`);
