/**
 * Home battery: its power limits and SOC bookkeeping. It charges up to 100 % and discharges down to the
 * lower SOC limit its inverter applies (the grid-tied or off-grid limit of spec §5, SOC_LIMITS.default
 * unless set; simulator/hybrid-control.ts decides which). Sign convention of the protocol: W > 0
 * discharges, W < 0 charges.
 */

/** A battery's fixed parameters. */
export interface BatteryParams {
  capacityWh: number;
  maxChargeW: number;
  maxDischargeW: number;
  /** Highest SOC, %. */
  maxSoc: number;
  /** One-way efficiency (charge and discharge each). */
  efficiency: number;
}

/** Typical parameters for a battery of `capacityWh` behind an inverter of `inverterW`. */
export function batteryParams(capacityWh: number, inverterW: number): BatteryParams {
  const limit = Math.min(inverterW, capacityWh * 0.5);
  return { capacityWh, maxChargeW: limit, maxDischargeW: limit, maxSoc: 100, efficiency: 0.95 };
}

/** Below this surplus or deficit the battery idles (the controller's dead band), W. */
export const DEAD_BAND_W = 25;

/** Most charging power (W, ≥ 0) for the next `dtS` seconds: its limit, and the room left below maxSoc. */
export function chargeLimitW(p: BatteryParams, soc: number, dtS: number): number {
  const roomWh = ((p.maxSoc - soc) / 100) * p.capacityWh;
  return Math.max(0, Math.min(p.maxChargeW, roomWh / p.efficiency / (dtS / 3600)));
}

/** Most discharging power (W, ≥ 0) for the next `dtS` seconds without going below `floor` %. */
export function dischargeLimitW(p: BatteryParams, soc: number, floor: number, dtS: number): number {
  const availableWh = ((soc - floor) / 100) * p.capacityWh;
  return Math.max(0, Math.min(p.maxDischargeW, (availableWh * p.efficiency) / (dtS / 3600)));
}

/**
 * Self-use: battery power for the next `dtS` seconds given the SOC and the site's PV surplus (PV − load,
 * W), discharging no lower than `floor` %.
 * @returns W, > 0 discharging, < 0 charging; never leaves [floor, maxSoc] within `dtS`.
 */
export function batteryPowerW(
  p: BatteryParams,
  soc: number,
  surplusW: number,
  dtS: number,
  floor: number,
): number {
  if (surplusW > DEAD_BAND_W) return -Math.min(surplusW, chargeLimitW(p, soc, dtS));
  if (surplusW < -DEAD_BAND_W) return Math.min(-surplusW, dischargeLimitW(p, soc, floor, dtS));
  return 0;
}

/**
 * SOC after `dtS` seconds at `powerW` (sign as batteryPowerW), within [0, maxSoc]. The controller never
 * discharges below its floor; a floor raised above the SOC leaves the SOC where it is (no jump).
 */
export function nextSoc(p: BatteryParams, soc: number, powerW: number, dtS: number): number {
  const wh = (powerW * dtS) / 3600;
  const stored = powerW < 0 ? -wh * p.efficiency : -wh / p.efficiency;
  const next = Math.min(p.maxSoc, Math.max(0, soc + (stored / p.capacityWh) * 100));
  // Rounded to 1e-9 %: a discharge to the floor lands on it, not a float's width below.
  return Math.round(next * 1e9) / 1e9;
}
