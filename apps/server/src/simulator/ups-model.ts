/**
 * UPS: output load of a small server room or clinic (base load, higher in local working hours), and
 * occasional grid outages of a few minutes during which it runs on battery (input voltage 0, SOC falls);
 * afterwards it recharges at 20 % of capacity per hour.
 */
import type { LocalTime } from './local-clock';
import { rand, smoothNoise } from './random';

/** A UPS's fixed parameters. */
export interface UpsParams {
  seed: number;
  ratedW: number;
  capacityWh: number;
  baseLoadW: number;
}

/** Share of hours with an outage. */
const OUTAGE_HOUR_SHARE = 0.02;

/** Whether the grid is out at `tMs` for this UPS (outages of 2–11 minutes, deterministic per hour). */
export function gridOutage(seed: number, tMs: number): boolean {
  const hour = Math.floor(tMs / 3_600_000);
  if (rand(seed, hour) >= OUTAGE_HOUR_SHARE) return false;
  const start = Math.floor(rand(seed ^ 0x1b873593, hour) * 48);
  const len = 2 + Math.floor(rand(seed ^ 0xe6546b64, hour) * 10);
  const minute = Math.floor((tMs % 3_600_000) / 60_000);
  return minute >= start && minute < start + len;
}

/** Output load in W at a local time. */
export function upsLoadW(p: UpsParams, local: LocalTime, tMs: number): number {
  const workday = local.weekday >= 1 && local.weekday <= 5;
  const office = workday && local.minuteOfDay >= 8 * 60 && local.minuteOfDay < 18 * 60;
  const w = p.baseLoadW * (office ? 1.35 : 1) * (1 + 0.06 * smoothNoise(p.seed, tMs, 10 * 60_000));
  return Math.min(p.ratedW, Math.max(0, w));
}

/** SOC after a step of `dtS` seconds. */
export function nextUpsSoc(
  p: UpsParams,
  soc: number,
  onBattery: boolean,
  loadW: number,
  dtS: number,
): number {
  const deltaPct = onBattery ? -((loadW * dtS) / 3600 / p.capacityWh) * 100 : (20 * dtS) / 3600;
  return Math.min(100, Math.max(0, soc + deltaPct));
}
