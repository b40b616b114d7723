/**
 * Faults of the demo fleet (issue 9): which alarm codes each simulated device has active at an instant,
 * so a new user sees alarms come and go within minutes of `npm start` (docs/device-protocol.md §10).
 * Deterministic per device and 20-minute slot, and tied to the site's state where a real device would be:
 * - inverter ID001 grid over-voltage: around local noon while exporting strongly (voltage rise);
 * - inverter ID113 over-temperature derating: hot afternoons (outdoor ≥ 24 °C) under load;
 * - inverter ID042 low insulation impedance: damp mornings (05:00–09:00), rarely;
 * - charger GroundFailure (OCPP earth fault): now and then at any hour;
 * - UPS OB (on battery): whenever the UPS model runs on battery (mains failure), LB when it also is low.
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

/** True during the first `minutes` of slots drawn with probability `p` for (sn, code). */
function episode(sn: string, code: string, tMs: number, p: number, minutes: number): boolean {
  const slot = Math.floor(tMs / SLOT_MS);
  if (rand(hashString(`${sn}:${code}`), slot) >= p) return false;
  return tMs - slot * SLOT_MS < minutes * 60_000;
}

/** The active codes of every device of `model`'s site at `tMs` (devices without any are left out). */
export function activeFaults(model: SiteModel, tMs: number): Map<string, string[]> {
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
      if (hour >= 5 && hour < 9 && episode(d.sn, 'ID042', tMs, 0.15, 6)) codes.push('ID042');
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
