/**
 * From SunSpec readings to platform devices: identity (model 1), device type, the telemetry points
 * (SunSpec point names, as docs/device-protocol.md §5 stores them) and alarm codes (model 103 `Evt1`).
 */
import { modelDef } from './models';
import type { DeviceReading } from './reader';

const INVERTER_EVT_MODELS = [101, 102, 103] as const;

/** A platform device type the gateway can report (the contract's DeviceType values). */
export type GatewayDeviceType = 'inverter' | 'meter' | 'battery';

/** What the platform needs to create a device found by the gateway. */
export interface DeviceIdentity {
  /** Model 1 `SN`: the platform device's serial number. */
  serialNumber: string;
  /** Model 1 `Mn` and `Md`. */
  name: string;
  type: GatewayDeviceType;
}

const isInverterModel = (id: number) => (id >= 101 && id <= 113) || id === 701;
const isMeterModel = (id: number) => id >= 201 && id <= 220;
const isStorageModel = (id: number) => id === 124 || (id >= 801 && id <= 809) || id === 713;

/**
 * Device type from the model ids of a map: an inverter model wins (a hybrid inverter carries 124 too),
 * then a meter model, then storage (124, 8xx). Undefined when none is present.
 */
export function deviceTypeOf(modelIds: readonly number[]): GatewayDeviceType | undefined {
  if (modelIds.some(isInverterModel)) return 'inverter';
  if (modelIds.some(isMeterModel)) return 'meter';
  if (modelIds.some(isStorageModel)) return 'battery';
  return undefined;
}

/** Serial numbers become MQTT topic levels: no `/`, `+`, `#` (device-protocol.md §3). */
const SN_OK = /^[^/+#\s]{1,64}$/;

/** The identity of a device from its reading (model 1), or undefined when it has no usable `SN` or type. */
export function identityOf(reading: DeviceReading): DeviceIdentity | undefined {
  const common = reading.get(1)?.points;
  const sn = common?.SN;
  const type = deviceTypeOf([...reading.keys()]);
  if (typeof sn !== 'string' || !SN_OK.test(sn) || !type) return undefined;
  const name = [common?.Mn, common?.Md].filter((s) => typeof s === 'string').join(' ');
  return { serialNumber: sn, name: name || sn, type };
}

/** Model 1's strings and the models' bookkeeping are identity, not telemetry. */
const NOT_TELEMETRY = new Set(['Mn', 'Md', 'Opt', 'Vr', 'SN', 'DA', 'Pad']);

/**
 * The telemetry points of one reading: every decoded numeric point under its SunSpec name (the first
 * model carrying a name wins, in chain order), plus the platform's `SoC` from model 124 `ChaState` when
 * model 802 does not give `SoC` itself.
 */
export function telemetryPoints(reading: DeviceReading): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [modelId, r] of reading) {
    if (modelId === 1) continue;
    for (const [name, v] of Object.entries(r.points)) {
      if (NOT_TELEMETRY.has(name) || typeof v !== 'number' || name in out) continue;
      out[name] = v;
    }
  }
  const chaState = reading.get(124)?.points.ChaState;
  if (out.SoC === undefined && typeof chaState === 'number') out.SoC = chaState;
  // The platform reads the grid-tied SOC limit as 802 SoCRsvMin (device-params.ts); a 124 device has MinRsvPct.
  const minRsv = reading.get(124)?.points.MinRsvPct;
  if (out.SoCRsvMin === undefined && typeof minRsv === 'number') out.SoCRsvMin = minRsv;
  return out;
}

/** One alarm event of device-protocol.md §10. */
export interface AlarmEvent {
  ts: number;
  code: string;
  active: boolean;
}

/** Bit → symbol name of `Evt1` of the inverter model present (101–103), from its JSON model. */
function evt1Symbols(reading: DeviceReading): [number, string][] {
  const id = INVERTER_EVT_MODELS.find((m) => reading.has(m));
  const p = id === undefined ? undefined : modelDef(id)?.points.find((q) => q.name === 'Evt1');
  return (p?.symbols ?? []).map((sym) => [sym.value, sym.name]);
}

/**
 * Alarm events from the change of an inverter's `Evt1` (models 101–103) between two polls: each bit
 * that rose opens the code `Evt1:<SYMBOL>` (e.g. `Evt1:OVER_TEMP`), each bit that fell closes it.
 * `previous` undefined (the first poll) reports only the bits that are set.
 */
export function evt1Alarms(reading: DeviceReading, previous: number | undefined, ts: number): AlarmEvent[] {
  const evt1 = INVERTER_EVT_MODELS.map((id) => reading.get(id)?.points.Evt1).find(
    (v) => typeof v === 'number',
  );
  if (typeof evt1 !== 'number') return [];
  const symbols = evt1Symbols(reading);
  const events: AlarmEvent[] = [];
  for (const [bit, name] of symbols) {
    const now = Math.floor(evt1 / 2 ** bit) % 2 === 1;
    const before = previous === undefined ? false : Math.floor(previous / 2 ** bit) % 2 === 1;
    if (now !== before) events.push({ ts, code: `Evt1:${name}`, active: now });
  }
  return events;
}

/** The raw `Evt1` of a reading, kept to compare with the next poll. */
export function evt1Of(reading: DeviceReading): number | undefined {
  const v = INVERTER_EVT_MODELS.map((id) => reading.get(id)?.points.Evt1).find((x) => typeof x === 'number');
  return v as number | undefined;
}
