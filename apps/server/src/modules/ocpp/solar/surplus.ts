/**
 * The site's PV surplus as the solar-charging controller sees it (issue 33, docs/ocpp.md "Solar charging").
 * Pure. Sign conventions of docs/device-protocol.md: meter `W` > 0 buys and < 0 sells; battery `W` > 0
 * discharges and < 0 charges.
 */
import { METER_STALE_S } from '@ems/contract/api/solar-charging';

/** The grid meter's latest sample: W (> 0 buy) and when it was measured (epoch ms). */
export interface GridSample {
  w: number;
  atMs: number;
}

/** The home battery's latest sample: W (> 0 discharge) and SOC, %. */
export interface BatterySample {
  w: number;
  soc: number;
}

/** True when the meter sample is at most METER_STALE_S old at `nowMs`. */
export function isFresh(grid: GridSample | null, nowMs: number): grid is GridSample {
  return grid !== null && nowMs - grid.atMs <= METER_STALE_S * 1000;
}

/**
 * Surplus, W (may be negative: the site buys even with the controlled chargers off):
 * `−grid + controlled chargers' draw + battery term`, where the battery term is its charging power when
 * its SOC is at or above `prioritySoc` (the battery gives way to the car, evcc's "battery priority"),
 * minus its discharging power always (a car in `pv` is never charged from the battery), else 0.
 */
export function surplusW(
  grid: GridSample,
  controlledDrawW: number,
  battery: BatterySample | null,
  prioritySoc: number,
): number {
  let battW = 0;
  if (battery !== null) {
    if (battery.w > 0) battW = -battery.w;
    else if (battery.soc >= prioritySoc) battW = -battery.w;
  }
  return Math.floor(-grid.w + controlledDrawW + battW);
}
