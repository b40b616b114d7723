/**
 * What a simulated inverter does with its parameters (issue 21 item 4, docs/commands.md "The simulator"):
 * one minute's battery power, PV actually produced (curtailed by anti-backflow or a full off-grid
 * battery), load actually served (shed off-grid when PV and battery cannot carry it) and grid power,
 * balancing as pvW + batteryW + meterW = loadW + otherW.
 *
 * - selfUse: the battery takes PV surplus and covers the deficit, down to socLowerOnGrid.
 * - peakShift: the peak-valley periods rule their minutes (outside them, self-use). A `charge` period
 *   charges at up to its powerW, from PV surplus and, with chargeMode pvAndGrid, from the grid; a
 *   `discharge` period discharges at up to its powerW, covering the load (dischargeMode load) or also
 *   feeding the grid (loadAndGrid); an `idle` period holds the battery.
 * - backup: the battery is kept for an outage: it charges (from the grid too with pvAndGrid) and never
 *   discharges while the grid is there.
 * - offGrid: no grid at all (meter 0); the battery balances PV and load down to socLowerOffGrid.
 * - antiBackflow: grid export is capped at exportLimitW, first by discharging less, then by curtailing PV.
 * - chargePowerMaxW / dischargePowerMaxW cap the battery's power in every mode (as SunSpec 124 InWRte /
 *   OutWRte do); a period's powerW above them is held to them.
 */
import { type DeviceParams, minutesOf, type TouSlot } from '@ems/contract/api/device-params';
import {
  type BatteryParams,
  batteryPowerW,
  chargeLimitW,
  DEAD_BAND_W,
  dischargeLimitW,
} from './battery-model';

/** One minute's inputs (W). */
export interface ControlInput {
  params: DeviceParams;
  /** The battery behind the inverter, null for a PV inverter. */
  battery: BatteryParams | null;
  soc: number;
  /** What the PV array could give now. */
  pvAvailW: number;
  /** Household demand. */
  loadW: number;
  /** Other consumers behind the meter (chargers): never shed, never curtailed. */
  otherW: number;
  /** Minutes since local midnight, for the peak-valley periods. */
  minuteOfDay: number;
  dtS: number;
}

/** One minute's outcome (W, protocol signs: battery + discharges, meter + buys). */
export interface ControlOutput {
  pvW: number;
  batteryW: number;
  loadW: number;
  meterW: number;
  /** Whether the site runs as an island (its meter reads 0). */
  offGrid: boolean;
  /** Largest export allowed (W), null when anti-backflow is off. */
  exportCapW: number | null;
}

/** The lower SOC limit that applies in `params`' operating mode (spec §5). */
export const socFloorOf = (params: DeviceParams) =>
  params.operatingMode === 'offGrid' ? params.socLowerOffGrid : params.socLowerOnGrid;

/** The period containing `minuteOfDay`, if any. */
export function slotAt(slots: readonly TouSlot[], minuteOfDay: number): TouSlot | undefined {
  return slots.find((s) => minutesOf(s.start) <= minuteOfDay && minuteOfDay < minutesOf(s.end));
}

/** `batteryW` held to the charge / discharge power limits of `params` (W, protocol signs). */
export const withinPowerLimits = (params: DeviceParams, batteryW: number) =>
  Math.max(-params.chargePowerMaxW, Math.min(params.dischargePowerMaxW, batteryW));

/** The battery's power while the grid is there (before anti-backflow). */
const gridTiedBatteryW = (i: ControlInput, b: BatteryParams) =>
  withinPowerLimits(i.params, unlimitedGridTiedW(i, b));

/** The battery's power while the grid is there, before anti-backflow and the power limits. */
function unlimitedGridTiedW(i: ControlInput, b: BatteryParams): number {
  const { params: p, soc, dtS } = i;
  const floor = socFloorOf(p);
  const surplusW = i.pvAvailW - i.loadW - i.otherW;
  const fromPv = Math.max(0, surplusW);
  const gridCharge = p.chargeMode === 'pvAndGrid';
  if (p.operatingMode === 'backup') {
    const want = gridCharge ? b.maxChargeW : fromPv > DEAD_BAND_W ? fromPv : 0;
    return -Math.min(want, chargeLimitW(b, soc, dtS));
  }
  const slot = p.operatingMode === 'peakShift' ? slotAt(p.touSlots, i.minuteOfDay) : undefined;
  if (!slot) return batteryPowerW(b, soc, surplusW, dtS, floor);
  if (slot.action === 'idle') return 0;
  if (slot.action === 'charge') {
    const want = gridCharge ? slot.powerW : Math.min(slot.powerW, fromPv);
    return -Math.min(want, chargeLimitW(b, soc, dtS));
  }
  const want =
    p.dischargeMode === 'loadAndGrid' ? slot.powerW : Math.min(slot.powerW, -Math.min(0, surplusW));
  return Math.min(want, dischargeLimitW(b, soc, floor, dtS));
}

/** An island: the battery balances PV and load; what it cannot absorb is curtailed, cannot give is shed. */
function islandMinute(i: ControlInput): ControlOutput {
  const b = i.battery;
  const surplusW = i.pvAvailW - i.loadW - i.otherW;
  let batteryW = 0;
  if (b && surplusW > 0) batteryW = -Math.min(surplusW, chargeLimitW(b, i.soc, i.dtS));
  if (b && surplusW < 0)
    batteryW = Math.min(-surplusW, dischargeLimitW(b, i.soc, i.params.socLowerOffGrid, i.dtS));
  batteryW = withinPowerLimits(i.params, batteryW);
  const pvW = Math.min(i.pvAvailW, i.loadW + i.otherW - batteryW);
  const loadW = Math.max(0, pvW + batteryW - i.otherW);
  return { pvW, batteryW, loadW, meterW: 0, offGrid: true, exportCapW: null };
}

/** The minute's powers under `i.params`. */
export function controlMinute(i: ControlInput): ControlOutput {
  const { params: p } = i;
  if (p.operatingMode === 'offGrid' && i.battery) return islandMinute(i);
  let batteryW = i.battery ? gridTiedBatteryW(i, i.battery) : 0;
  let pvW = i.pvAvailW;
  const demandW = i.loadW + i.otherW;
  const exportCapW = p.antiBackflow ? p.exportLimitW : null;
  if (exportCapW !== null) {
    let excessW = pvW + batteryW - demandW - exportCapW;
    if (excessW > 0 && batteryW > 0) {
      const less = Math.min(batteryW, excessW);
      batteryW -= less;
      excessW -= less;
    }
    if (excessW > 0) pvW = Math.max(0, pvW - excessW);
  }
  return { pvW, batteryW, loadW: i.loadW, meterW: demandW - pvW - batteryW, offGrid: false, exportCapW };
}
