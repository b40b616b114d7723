/**
 * Home battery: charges from PV surplus, discharges to cover the household's deficit, within its power
 * limits and the SOC window [SOC_LIMITS.default, 100] % (the default grid-tied lower limit of spec §5/§9).
 * Sign convention of the protocol: W > 0 discharges, W < 0 charges.
 */
import { SOC_LIMITS } from '@ems/contract/constants';

/** A battery's fixed parameters. */
export interface BatteryParams {
  capacityWh: number;
  maxChargeW: number;
  maxDischargeW: number;
  /** Lowest SOC the controller discharges to, %. */
  minSoc: number;
  /** Highest SOC, %. */
  maxSoc: number;
  /** One-way efficiency (charge and discharge each). */
  efficiency: number;
}

/** Typical parameters for a battery of `capacityWh` behind an inverter of `inverterW`. */
export function batteryParams(capacityWh: number, inverterW: number): BatteryParams {
  const limit = Math.min(inverterW, capacityWh * 0.5);
  return {
    capacityWh,
    maxChargeW: limit,
    maxDischargeW: limit,
    minSoc: SOC_LIMITS.default,
    maxSoc: 100,
    efficiency: 0.95,
  };
}

/** Below this surplus or deficit the battery idles (the controller's dead band), W. */
const DEAD_BAND_W = 25;

/**
 * Battery power for the next `dtS` seconds given the SOC and the site's PV surplus (PV − load, W).
 * @returns W, > 0 discharging, < 0 charging; never leaves the SOC window within `dtS`.
 */
export function batteryPowerW(p: BatteryParams, soc: number, surplusW: number, dtS: number): number {
  const hours = dtS / 3600;
  if (surplusW > DEAD_BAND_W) {
    const roomWh = ((p.maxSoc - soc) / 100) * p.capacityWh;
    return -Math.max(0, Math.min(surplusW, p.maxChargeW, roomWh / p.efficiency / hours));
  }
  if (surplusW < -DEAD_BAND_W) {
    const availableWh = ((soc - p.minSoc) / 100) * p.capacityWh;
    return Math.max(0, Math.min(-surplusW, p.maxDischargeW, (availableWh * p.efficiency) / hours));
  }
  return 0;
}

/** SOC after `dtS` seconds at `powerW` (sign as batteryPowerW), clamped to the window. */
export function nextSoc(p: BatteryParams, soc: number, powerW: number, dtS: number): number {
  const wh = (powerW * dtS) / 3600;
  const stored = powerW < 0 ? -wh * p.efficiency : -wh / p.efficiency;
  return Math.min(p.maxSoc, Math.max(p.minSoc, soc + (stored / p.capacityWh) * 100));
}
