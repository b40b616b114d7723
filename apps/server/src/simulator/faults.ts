/**
 * Faults of the demo fleet (issue 9): which alarm codes each simulated device has active at an instant,
 * so a new user sees alarms come and go within minutes of `npm start` (docs/device-protocol.md §10).
 * Deterministic per device and 20-minute slot, and tied to the site's state where a real device would be:
 * - inverter ID001 grid over-voltage: around local noon while exporting strongly (voltage rise);
 * - inverter ID113 over-temperature derating: hot afternoons (outdoor ≥ 24 °C) under load;
 * - inverter ID042 low insulation impedance: damp mornings (05:00–09:00), rarely;
 * - charger GroundFailure (OCPP earth fault): now and then at any hour;
 * - UPS OB (on battery): whenever the UPS model runs on battery (mains failure), LB when it also is low;
 * - issue 20 §9, the start-up fault: one inverter fails its insulation check (ID042) from a minute after
 *   the live start for STARTUP_FAULT.minutes, so a new user sees an alarm (and its push) within 3 minutes
 *   of `npm start` whatever the hour.
 */
import { hashString, rand } from './random';
import type { SiteModel } from './site-model';

/** Length of a fault slot, ms: each slot draws anew whether a fault happens in it. */
const SLOT_MS = 20 * 60_000;

/** Every code the simulator may raise per device type (cleared at start, so none stays open forever). */
export const SIMULATED_CODES: Readonly<Record<string, readonly string[]>> = {
  inverter: ['ID001', 'ID113', 'ID042'],
  charger: ['GroundFailure'],
  ups: ['OB', 'LB'],
};

/** The start-up fault: code, delay after the live start and duration. */
export const STARTUP_FAULT = { code: 'ID042', afterMs: 60_000, minutes: 10 } as const;

/** Which device shows the start-up fault, from when (ms): see startupFaultOf. */
export interface StartupFault {
  sn: string;
  liveStart: number;
}

/** The start-up fault of a fleet started live at `liveStart`: on the first inverter of `specs`, if any. */
export function startupFaultOf(
  specs: readonly { devices: readonly { sn: string; type: string }[] }[],
  liveStart: number,
): StartupFault | undefined {
  const inverter = specs.flatMap((s) => s.devices).find((d) => d.type === 'inverter');
  return inverter ? { sn: inverter.sn, liveStart } : undefined;
}

function startupActive(startup: StartupFault | undefined, sn: string, tMs: number): boolean {
  if (!startup || startup.sn !== sn) return false;
  const from = startup.liveStart + STARTUP_FAULT.afterMs;
  return tMs >= from && tMs < from + STARTUP_FAULT.minutes * 60_000;
}

/** True during the first `minutes` of slots drawn with probability `p` for (sn, code). */
function episode(sn: string, code: string, tMs: number, p: number, minutes: number): boolean {
  const slot = Math.floor(tMs / SLOT_MS);
  if (rand(hashString(`${sn}:${code}`), slot) >= p) return false;
  return tMs - slot * SLOT_MS < minutes * 60_000;
}

/**
 * The active codes of every device of `model`'s site at `tMs` (devices without any are left out);
 * `startup` adds the live start's fault (the backfill leaves it out).
 */
export function activeFaults(model: SiteModel, tMs: number, startup?: StartupFault): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const m = model.powers;
  const hour = m.local.minuteOfDay / 60;
  for (const d of model.spec.devices) {
    const codes: string[] = [];
    if (d.type === 'inverter') {
      const share = d.ratedW ? m.pvW / d.ratedW : 0;
      if (hour >= 11 && hour < 14 && share > 0.4 && episode(d.sn, 'ID001', tMs, 0.5, 8)) codes.push('ID001');
      if (hour >= 13 && hour < 18 && m.outdoorC >= 24 && share > 0.2 && episode(d.sn, 'ID113', tMs, 0.5, 12))
        codes.push('ID113');
      if (
        (hour >= 5 && hour < 9 && episode(d.sn, 'ID042', tMs, 0.15, 6)) ||
        startupActive(startup, d.sn, tMs)
      )
        codes.push(STARTUP_FAULT.code);
    } else if (d.type === 'charger') {
      if (episode(d.sn, 'GroundFailure', tMs, 0.25, 5)) codes.push('GroundFailure');
    } else if (d.type === 'ups' && m.onBattery) {
      codes.push('OB');
      if (episode(d.sn, 'LB', tMs, 0.3, 4)) codes.push('LB');
    }
    if (codes.length > 0) out.set(d.sn, codes);
  }
  return out;
}
