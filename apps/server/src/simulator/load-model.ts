/**
 * Household consumption from the BDEW 2025 standard load profile H25 (profiles/load-bdew.json): the
 * quarter-hour value of the site's local month and day type (SA Saturday, FT Sunday, WT working day;
 * public holidays are not modelled), interpolated per minute, times the BDEW dynamisation factor of the
 * day of year, scaled to the site's annual consumption, with appliance-like variation on top.
 *
 * H25 is used for gross consumption of every home, also those with PV and storage: P25/S25 describe what
 * such homes draw from the grid after self-consumption, which the PV and battery models produce here.
 */
import type { LocalTime } from './local-clock';
import type { LoadProfiles } from './profiles';
import { rand, smoothNoise } from './random';

const DAY_TYPES = ['FT', 'WT', 'WT', 'WT', 'WT', 'WT', 'SA'] as const;

/** BDEW dynamisation factor F(t), t = day of year. */
export function dynamisation(coefficients: readonly number[], doy: number): number {
  let f = 0;
  for (const c of coefficients) f = f * doy + c;
  return f;
}

/** Mean household power in W per the profile at a local time, for `annualKwh` per year (no noise). */
export function profilePowerW(load: LoadProfiles, annualKwh: number, local: LocalTime): number {
  const table = load.h25[local.month]![DAY_TYPES[local.weekday]!];
  // Quarter-hour values are means over their quarter: interpolate between quarter centres.
  const p = (local.minuteOfDay - 7.5) / 15;
  const i = Math.floor(p);
  const f = p - i;
  const a = table[(i + 96) % 96]!;
  const b = table[(i + 1) % 96]!;
  return (a + (b - a) * f) * dynamisation(load.dynamisation, local.doy) * (annualKwh / 1000);
}

/**
 * Household power in W at `tMs`: the profile with ±15 % slow variation and short appliance peaks
 * (kettle, oven, washing machine: 1–2.5 kW for 2–8 minutes), deterministic per (seed, time).
 */
export function householdPowerW(
  load: LoadProfiles,
  annualKwh: number,
  local: LocalTime,
  seed: number,
  tMs: number,
) {
  const base = profilePowerW(load, annualKwh, local) * (1 + 0.15 * smoothNoise(seed, tMs, 20 * 60_000));
  const block = Math.floor(tMs / 600_000); // 10-minute blocks
  const active = local.minuteOfDay >= 6 * 60 && local.minuteOfDay < 23 * 60;
  let peak = 0;
  if (active && rand(seed ^ 0x5bd1e995, block) < 0.06) {
    const startMin = Math.floor(rand(seed ^ 0x27d4eb2f, block) * 6);
    const lenMin = 2 + Math.floor(rand(seed ^ 0x165667b1, block) * 7);
    const minuteInBlock = Math.floor((tMs % 600_000) / 60_000);
    if (minuteInBlock >= startMin && minuteInBlock < startMin + lenMin) {
      peak = 1000 + 1500 * rand(seed ^ 0x3c6ef372, block);
    }
  }
  return Math.max(50, base + peak);
}
