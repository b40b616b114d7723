/**
 * Which parameters (issue 21, contract device-params.ts) each simulated device has, as its real model
 * would: a hybrid inverter has them all but the generator input (none of the demo models has a generator
 * port) and, when single-phase, the three-phase wiring; a PV string inverter has no battery port, so only
 * anti-backflow, wiring (three-phase ones) and the calibration of what it measures; other devices have none.
 * A command naming a parameter a device lacks is answered failed with the reason (docs/device-protocol.md §7).
 */
import { PARAM_KEYS, type ParamKey } from '@ems/contract/api/device-params';
import type { DeviceSpec } from './catalog';
import { HYBRID_INVERTERS } from './catalog-data';

/** Models of the demo catalog with a three-phase output. */
const THREE_PHASE = new Set([
  'Sunny Tripower 8.0 (STP8.0-3AV-40)',
  'Symo 6.0-3-M',
  'SUN2000-5KTL-M1',
  'GW10K-DT',
  'GW5K-ET',
]);

/** Parameters a PV string inverter has besides wiring. */
const PV_INVERTER_KEYS = new Set<ParamKey>([
  'antiBackflow',
  'exportLimitW',
  'calDcBusVoltageA',
  'calDcBusVoltageB',
  'calOutputCurrentA',
  'calOutputCurrentB',
]);

/** A device's parameters, and why it lacks the others. */
export interface Capabilities {
  /** Its parameters, in form order. */
  keys: readonly ParamKey[];
  /** The reason each other parameter is missing. */
  lacks: Partial<Record<ParamKey, string>>;
}

/** The parameters of demo device `d`. */
export function capabilitiesOf(d: DeviceSpec): Capabilities {
  const hybrid = d.type === 'inverter' && HYBRID_INVERTERS.some((p) => p.model === d.product.model);
  const reasonOf = (key: ParamKey): string | null => {
    if (d.type !== 'inverter') return `a ${d.type} has no settable parameters`;
    if (key === 'generatorMode') return 'no generator port';
    if (key === 'wiring' && !THREE_PHASE.has(d.product.model)) return 'single-phase output';
    if (!hybrid && key !== 'wiring' && !PV_INVERTER_KEYS.has(key)) return 'no battery port';
    return null;
  };
  const keys: ParamKey[] = [];
  const lacks: Partial<Record<ParamKey, string>> = {};
  for (const key of PARAM_KEYS) {
    const reason = reasonOf(key);
    if (reason === null) keys.push(key);
    else lacks[key] = reason;
  }
  return { keys, lacks };
}
