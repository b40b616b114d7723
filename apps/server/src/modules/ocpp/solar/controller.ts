/**
 * The solar-charging controller (issue 33, docs/ocpp.md "Solar charging"): one pure step per grid meter
 * sample of a site. State in (samples, modes, chargers, timers), limits out (A per phase, with the reason
 * shown on the Chargers card) and the new timers. evcc's modes and its enable/disable delays; the code is
 * this project's own.
 */
import { NOMINAL_PHASE_V, type SolarMode, type SolarReason } from '@ems/contract/api/solar-charging';
import { type BatterySample, type GridSample, isFresh, surplusW } from './surplus';

/** One charger under solar control (connector 1 unless named). */
export interface SolarCharger {
  deviceId: number;
  mode: SolarMode;
  /** Least current it charges with, A per phase (6–32). */
  minCurrentA: number;
  phases: 1 | 3;
  /** Most it may draw, A per phase (its rating). */
  ratingA: number;
  /** What it draws now, W (its latest MeterValues). */
  drawW: number;
  /** Connected to the central system: an offline charger gets 0 (it cannot be told). */
  online: boolean;
  /** A car is plugged in (a connector Preparing, Charging, SuspendedEV/EVSE or Finishing). */
  vehicleConnected: boolean;
  /** Higher first when the surplus is short; equal priorities share evenly. */
  priority: number;
}

/** A `pv` charger's hysteresis: started or not, and since when its enable or disable delay runs (ms). */
export interface SolarTimer {
  enabled: boolean;
  since: number | null;
}

/** Everything one step needs. */
export interface SolarInput {
  nowMs: number;
  grid: GridSample | null;
  battery: BatterySample | null;
  /** The site charging limit for the controlled chargers together, W; null: none. */
  siteLimitW: number | null;
  batteryPrioritySoc: number;
  enableDelayS: number;
  disableDelayS: number;
  chargers: readonly SolarCharger[];
  /** The previous step's timers by device id (missing: not started, no delay running). */
  timers: ReadonlyMap<number, SolarTimer>;
}

/** What one charger gets: `limitA` per phase in 0.1 A steps, `limitW` = limitA × phases × 230 V. */
export interface SolarDecision {
  deviceId: number;
  limitA: number;
  phases: 1 | 3;
  limitW: number;
  reason: SolarReason;
  /** The minimum power it waits for or lacks, W (waitingForSurplus, insufficientSurplus, holdingMinimum). */
  needW?: number;
  /** Seconds left of the running delay (waitingForSurplus, holdingMinimum). */
  remainingS?: number;
}

/** One step's answer: the surplus (null without fresh meter data), the decisions in input order, the timers. */
export interface SolarStep {
  surplusW: number | null;
  decisions: SolarDecision[];
  timers: Map<number, SolarTimer>;
}

/** Working state of one charger during a step, W. */
interface Slot {
  c: SolarCharger;
  capW: number;
  floorW: number;
  /** Shares the surplus above its floor. */
  sharing: boolean;
  reason: SolarReason;
  needW?: number;
  remainingS?: number;
  givenW: number;
}

const wattsOf = (a: number, phases: number) => Math.floor(a * phases * NOMINAL_PHASE_V);
const OFF: SolarTimer = { enabled: false, since: null };

/**
 * One controller step. Order of service: minimum currents (`minpv`, started `pv`) by priority, then `now`
 * chargers up to their rating, then the surplus above the minima shared by priority, then evenly
 * (water-filling up to each rating); the site limit bounds all of it together. In `pv` the limits never
 * sum above the surplus, except a started charger held at its minimum while its disable delay runs.
 * Without fresh meter data (METER_STALE_S) `pv` gets 0 and `minpv` its minimum, reason `noMeterData`.
 */
export function solarStep(input: SolarInput): SolarStep {
  const { nowMs } = input;
  const fresh = isFresh(input.grid, nowMs);
  const controlledDraw = input.chargers
    .filter((c) => c.online && (c.mode === 'pv' || c.mode === 'minpv'))
    .reduce((s, c) => s + Math.max(0, c.drawW), 0);
  const surplus = fresh
    ? surplusW(input.grid!, controlledDraw, input.battery, input.batteryPrioritySoc)
    : null;
  const timers = new Map<number, SolarTimer>();
  const order = [...input.chargers].sort((a, b) => b.priority - a.priority || a.deviceId - b.deviceId);
  const slots = new Map<number, Slot>();
  let avail = surplus ?? 0;
  // minpv minima come off the surplus before any pv charger is considered: they are taken anyway.
  for (const c of order) {
    const capW = wattsOf(c.ratingA, c.phases);
    const minW = Math.min(wattsOf(c.minCurrentA, c.phases), capW);
    const slot: Slot = {
      c,
      capW,
      floorW: 0,
      sharing: false,
      reason: c.mode === 'now' ? 'now' : 'off',
      givenW: 0,
    };
    slots.set(c.deviceId, slot);
    timers.set(c.deviceId, OFF);
    if (!c.online && c.mode !== 'off') slot.reason = 'offline';
    else if (c.mode === 'minpv') {
      slot.floorW = minW;
      slot.sharing = fresh && c.vehicleConnected;
      slot.reason = !fresh ? 'noMeterData' : !c.vehicleConnected ? 'noVehicle' : 'insufficientSurplus';
      if (slot.sharing) avail -= minW;
      if (slot.reason === 'insufficientSurplus') slot.needW = minW;
    }
  }
  for (const c of order) {
    const slot = slots.get(c.deviceId)!;
    if (c.mode !== 'pv' || !c.online) continue;
    const minW = Math.min(wattsOf(c.minCurrentA, c.phases), slot.capW);
    const t = input.timers.get(c.deviceId) ?? OFF;
    if (!c.vehicleConnected) slot.reason = 'noVehicle';
    else if (!fresh) slot.reason = 'noMeterData';
    else if (t.enabled) {
      if (avail >= minW) {
        timers.set(c.deviceId, { enabled: true, since: null });
        Object.assign(slot, { floorW: minW, sharing: true, reason: 'surplus' });
      } else {
        const since = t.since ?? nowMs;
        const left = input.disableDelayS * 1000 - (nowMs - since);
        if (left <= 0) Object.assign(slot, { reason: 'insufficientSurplus', needW: minW });
        else {
          timers.set(c.deviceId, { enabled: true, since });
          Object.assign(slot, {
            floorW: minW,
            reason: 'holdingMinimum',
            needW: minW,
            remainingS: Math.ceil(left / 1000),
          });
        }
      }
      avail -= slot.floorW;
    } else if (avail >= minW) {
      const since = t.since ?? nowMs;
      const left = input.enableDelayS * 1000 - (nowMs - since);
      if (left <= 0) {
        timers.set(c.deviceId, { enabled: true, since: null });
        Object.assign(slot, { floorW: minW, sharing: true, reason: 'surplus' });
      } else {
        timers.set(c.deviceId, { enabled: false, since });
        Object.assign(slot, { reason: 'waitingForSurplus', needW: minW, remainingS: Math.ceil(left / 1000) });
      }
      // Kept for it while its delay runs, so a lower-priority charger does not start on the same surplus.
      avail -= minW;
    } else Object.assign(slot, { reason: 'insufficientSurplus', needW: minW });
  }
  grant(
    order.map((c) => slots.get(c.deviceId)!),
    Math.max(0, avail),
    input.siteLimitW,
  );
  return {
    surplusW: surplus,
    decisions: input.chargers.map((c) => decisionOf(slots.get(c.deviceId)!)),
    timers,
  };
}

/** Gives the floors, then `now`, then `extra` surplus by priority groups, all within `siteLimitW`. */
function grant(slots: readonly Slot[], extra: number, siteLimitW: number | null): void {
  let budget = siteLimitW === null ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(siteLimitW));
  for (const s of slots) {
    if (s.floorW <= 0) continue;
    if (s.floorW > budget) {
      Object.assign(s, { floorW: 0, sharing: false, reason: 'siteLimit' });
      continue;
    }
    s.givenW = s.floorW;
    budget -= s.floorW;
  }
  for (const s of slots) {
    if (s.c.mode !== 'now' || !s.c.online) continue;
    s.givenW = Math.min(s.capW, budget);
    budget -= s.givenW;
    if (s.givenW < s.capW) s.reason = 'siteLimit';
  }
  const cutBySite = extra > budget;
  let pool = Math.min(extra, budget);
  const sharing = slots.filter((s) => s.sharing);
  for (let i = 0; i < sharing.length && pool > 0; ) {
    const prio = sharing[i]!.c.priority;
    const group = sharing.filter((s) => s.c.priority === prio);
    i += group.length;
    // Water-filling: the smallest headroom first, so what a capped charger cannot take goes to the others.
    const byRoom = [...group].sort((a, b) => a.capW - a.givenW - (b.capW - b.givenW));
    byRoom.forEach((s, k) => {
      const share = Math.min(Math.floor(pool / (byRoom.length - k)), s.capW - s.givenW);
      s.givenW += share;
      pool -= share;
      if (share > 0) s.reason = 'surplus';
      if (s.givenW >= s.capW) s.reason = 'rating';
    });
  }
  if (cutBySite) for (const s of sharing) if (s.givenW < s.capW) s.reason = 'siteLimit';
}

function decisionOf(s: Slot): SolarDecision {
  const phases = s.c.phases;
  const deciA = Math.floor((s.givenW * 10) / (phases * NOMINAL_PHASE_V));
  const limitA = deciA / 10;
  const d: SolarDecision = {
    deviceId: s.c.deviceId,
    limitA,
    phases,
    limitW: Math.floor((deciA * phases * NOMINAL_PHASE_V) / 10),
    reason: s.reason,
  };
  if (s.needW !== undefined) d.needW = s.needW;
  if (s.remainingS !== undefined) d.remainingS = s.remainingS;
  return d;
}
