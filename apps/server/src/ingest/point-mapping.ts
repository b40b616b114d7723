/**
 * Maps a device's SunSpec-named points onto the typed telemetry columns (docs/device-protocol.md,
 * "Stored columns"): w = W; soc = SoC; eIn/eOut = the device type's two energy counters. A hybrid
 * inverter (battery behind it) sends its PV part as PVW/PVWH beside its AC W/WH: its typed columns take
 * the PV part, since the platform counts an inverter's w and eIn as production and the battery on its
 * own (issue 24 item 11). Every point is also kept as sent in `points`.
 */
import type { DeviceType, Sample } from '@ems/contract/telemetry';
import type { TelemetryRow } from './writer';

/** Which counters are eIn and eOut per device type (Wh). */
const COUNTERS: Record<DeviceType, readonly [string | null, string | null]> = {
  inverter: ['WH', null],
  battery: ['DCWhAbs', 'DCWhInj'],
  meter: ['TotWhImp', 'TotWhExp'],
  charger: ['WH', null],
  ups: ['WH', null],
  sensor: [null, null],
  gateway: [null, null],
};

const NO_COUNTERS = [null, null] as const;
/** A hybrid inverter's production counter: its PV energy, not its AC energy (which holds the battery's). */
const HYBRID_COUNTERS = ['PVWH', null] as const;

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * One validated sample of a device of type `deviceType` (unknown types keep only W and SoC) as a row;
 * `ts` is the sample's timestamp, already read by the caller (toDate) to check it.
 */
export function toTelemetryRow(deviceId: number, deviceType: string, sample: Sample, ts: Date): TelemetryRow {
  const p = sample.points;
  const hybrid = deviceType === 'inverter' && p.PVW !== undefined;
  const [inKey, outKey] = hybrid ? HYBRID_COUNTERS : (COUNTERS[deviceType as DeviceType] ?? NO_COUNTERS);
  return {
    deviceId,
    ts,
    w: num(hybrid ? p.PVW : p.W),
    soc: num(p.SoC),
    eIn: inKey ? num(p[inKey]) : null,
    eOut: outKey ? num(p[outKey]) : null,
    points: p,
  };
}
