/**
 * The inverter's parameters as it reports them among its live values (contract paramsToPoints, issue 21):
 * which parameter a point carries, so the device detail names it as the Parameters tab does and gives it
 * its unit (issue 34 item 6: "CalBatVB 0.00" read as a code).
 */
import { PARAM_KEYS, PARAM_SPECS, type ParamKey, type ParamSpec } from '@ems/contract/api/device-params';

const BY_POINT = new Map<string, ParamKey>(PARAM_KEYS.map((k) => [PARAM_SPECS[k].point, k]));

/** The parameter `point` reports, or null; TouN and Tou1, Tou2… are the price periods (touSlots). */
export function paramOfPoint(point: string): ParamKey | null {
  if (/^Tou(N|\d+)$/.test(point)) return 'touSlots';
  return BY_POINT.get(point) ?? null;
}

/** The option an enum parameter's point holds: its name, or its index (ChaGriSet 0 PV, 1 grid). */
export function paramOption(key: ParamKey, value: number | string | boolean): string {
  const spec: ParamSpec = PARAM_SPECS[key];
  const options = spec.options;
  return typeof value === 'number' && options ? (options[value] ?? String(value)) : String(value);
}
