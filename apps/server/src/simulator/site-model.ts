/**
 * One demo site stepped through time in 1-minute steps: within a minute every power is constant, so
 * energy counters are exact sums of power × time and never go backwards. The state at a minute boundary
 * (SOCs, counters, chargers) is a plain object (`SiteSnapshot`): stepping from the same snapshot always
 * gives the same values, so a restart that reloads it, or recomputes it from the fleet's epoch, continues
 * the counters where they were and backfill and live agree. The inverter's parameters (issue 21,
 * hybrid-control.ts) are not part of the snapshot: the simulator keeps them (sim-settings.ts) and sets them
 * with setParams, effective from the next minute. Devices run beside the model (the solar-charging demo's OCPP
 * chargers, solar-demo.ts) tell it their power with setExternalW at any instant: the meter reads it from
 * then on, and the counters integrate it piecewise, so they stay exact.
 */
import { type DeviceParams, PARAM_DEFAULTS } from '@ems/contract/api/device-params';

import { type BatteryParams, batteryParams, nextSoc } from './battery-model';
import type { SiteSpec } from './catalog';
import { type ChargerParams, type ChargerState, idleCharger, stepCharger } from './charger-model';
import { outdoorTempC } from './climate';
import { controlMinute } from './hybrid-control';
import { householdPowerW } from './load-model';
import { createLocalClock, type LocalTime } from './local-clock';
import { profiles } from './profiles';
import { createPvModel } from './pv-model';
import { hashString, rand } from './random';
import { gridOutage, nextUpsSoc, type UpsParams, upsLoadW } from './ups-model';

/** Site state at a minute boundary `t` (ms). Counters are exact Wh per device: [eIn, eOut]. */
export interface SiteSnapshot {
  t: number;
  soc: number;
  upsSoc: number;
  counters: Record<string, [number, number]>;
  chargers: Record<string, ChargerState>;
}

/** Powers of one minute (W, protocol signs) and what goes with them. */
export interface MinutePowers {
  local: LocalTime;
  pvW: number;
  loadW: number;
  batteryW: number;
  meterW: number;
  chargers: Record<string, { w: number; next: ChargerState }>;
  upsW: number;
  onBattery: boolean;
  outdoorC: number;
  /** The site runs as an island (inverter off-grid): its meter reads 0. */
  offGrid: boolean;
  /** Export cap of the inverter's anti-backflow (W), null when off. */
  exportCapW: number | null;
  /** Power of the devices beside the model behind the meter (setExternalW), W ≥ 0; part of meterW. */
  externalW: number;
}

/** Simulation step: every power is constant within it, ms. */
export const STEP_MS = 60_000;

/** Counter start values: devices were installed before the demo began. */
export function initialCounters(spec: SiteSpec): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const d of spec.devices) {
    const r = (k: number) => rand(hashString(d.sn), k);
    const years = 0.5 + 3.5 * r(1);
    const kwp = spec.capacityKw;
    const byType: Record<string, [number, number]> = {
      inverter: [kwp * 950 * years, 0],
      battery: [(d.capacityWh ?? 0) * 250 * years, (d.capacityWh ?? 0) * 235 * years],
      meter: [spec.annualKwh * 600 * years + spec.baseLoadW * 8.76 * years * 1000, kwp * 500 * years],
      charger: [2500_000 * years * (0.5 + r(2)), 0],
      ups: [spec.baseLoadW * 8760 * years, 0],
      sensor: [0, 0],
    };
    const [a, b] = byType[d.type] ?? [0, 0];
    out[d.sn] = [Math.round(a), Math.round(b)];
  }
  return out;
}

/** The snapshot of a site at its first instant `t` (minute-aligned). */
export function initialSnapshot(spec: SiteSpec, t: number): SiteSnapshot {
  const chargers: Record<string, ChargerState> = {};
  for (const d of spec.devices) if (d.type === 'charger') chargers[d.sn] = idleCharger();
  return { t, soc: 50, upsSoc: 100, counters: initialCounters(spec), chargers };
}

/** A site being simulated. */
export class SiteModel {
  readonly spec: SiteSpec;
  private state: SiteSnapshot;
  private minute: MinutePowers;
  private readonly clock: (tMs: number) => LocalTime;
  private pv: ((tMs: number) => number) | null;
  private readonly battery: BatteryParams | null;
  private readonly chargerParams: Record<string, ChargerParams> = {};
  private readonly ups: UpsParams | null = null;
  private inverterParams: DeviceParams;
  private externalW = 0;
  /** Counter energy (Wh) of the current minute up to `mark`, when externalW changed within the minute. */
  private partial: Record<string, [number, number]> = {};
  /** Start of the stretch of the current minute whose powers are `minute`'s, ms. */
  private mark: number;

  /** A site at `from`, its inverter set to `params`. */
  constructor(spec: SiteSpec, from: SiteSnapshot, params: DeviceParams = PARAM_DEFAULTS) {
    this.spec = spec;
    this.inverterParams = params;
    this.state = structuredClone(from);
    this.mark = from.t;
    this.clock = createLocalClock(spec.place.timeZone);
    const inverter = spec.devices.find((d) => d.type === 'inverter');
    this.pv = inverter
      ? createPvModel(profiles().pv, {
          latitude: spec.place.latitude,
          longitude: spec.place.longitude,
          capacityW: spec.capacityKw * 1000,
          ratedW: inverter.ratedW ?? spec.capacityKw * 1000,
          seed: spec.seed,
        })
      : null;
    const battery = spec.devices.find((d) => d.type === 'battery');
    this.battery = battery ? batteryParams(battery.capacityWh ?? 10_000, inverter?.ratedW ?? 5000) : null;
    for (const d of spec.devices) {
      if (d.type === 'charger') {
        this.chargerParams[d.sn] = {
          seed: hashString(d.sn),
          ratedW: d.ratedW ?? 11_000,
          sessions: profiles().ev,
        };
      }
      if (d.type === 'ups') {
        this.ups = {
          seed: hashString(d.sn),
          ratedW: d.ratedW ?? 3000,
          capacityWh: d.capacityWh ?? 1500,
          baseLoadW: spec.baseLoadW,
        };
      }
    }
    this.minute = this.compute();
  }

  /** The inverter's parameters (defaults until set). */
  get params(): DeviceParams {
    return this.inverterParams;
  }

  /**
   * Gives the inverter new parameters. The current minute keeps its powers (counters integrate them);
   * the next minute follows the new values. Reported values (calibration, parameter points) change now.
   */
  setParams(params: DeviceParams): void {
    this.inverterParams = params;
  }

  /** Start of the current minute (ms): `sampleAt` accepts [t, t + 1 min). */
  get t(): number {
    return this.state.t;
  }

  /** The current minute's powers. */
  get powers(): MinutePowers {
    return this.minute;
  }

  /**
   * The state at the current minute boundary (a copy). Energy that external devices drew earlier in the
   * minute is in its counters already, so a model restarted from it never reads a counter lower than
   * one it published.
   */
  snapshot(): SiteSnapshot {
    const snap = structuredClone(this.state);
    for (const sn in this.partial) {
      const [a, b] = snap.counters[sn] ?? [0, 0];
      snap.counters[sn] = [a + this.partial[sn]![0], b + this.partial[sn]![1]];
    }
    return snap;
  }

  /**
   * The power of devices beside the model behind the site's meter (W ≥ 0) from `tMs` on (within the
   * current minute, not before an earlier call's instant): the meter reads it at once; it stays until
   * the next call.
   */
  setExternalW(w: number, tMs: number): void {
    if (w === this.externalW) return;
    this.integrate(Math.max(this.mark, tMs));
    const m = this.minute;
    const meterW = m.offGrid ? 0 : m.meterW - m.externalW + w;
    this.externalW = w;
    this.minute = { ...m, externalW: w, meterW };
  }

  /**
   * Puts another sun over a site with PV from `tMs` on (within the current minute): `pv` gives the
   * available PV power (W) of each minute. For a test that needs PV at any hour of the day it runs.
   */
  replacePv(pv: (tMs: number) => number, tMs: number): void {
    if (!this.pv) throw new Error('the site has no PV');
    this.integrate(Math.max(this.mark, tMs));
    this.pv = pv;
    this.minute = this.compute();
  }

  /** Adds the current powers' energy from `mark` to `tMs` to `partial` and moves `mark` there. */
  private integrate(tMs: number): void {
    const h = (tMs - this.mark) / 3_600_000;
    for (const d of this.spec.devices) {
      const [a, b] = this.partial[d.sn] ?? [0, 0];
      const [pa, pb] = this.flows(d.type, d.sn, this.minute);
      this.partial[d.sn] = [a + pa * h, b + pb * h];
    }
    this.mark = tMs;
  }

  /** Battery SOC (%) at `tMs` within the current minute. */
  socAt(tMs: number): number {
    if (!this.battery) return this.state.soc;
    return nextSoc(this.battery, this.state.soc, this.minute.batteryW, (tMs - this.state.t) / 1000);
  }

  /** UPS SOC (%) at `tMs` within the current minute. */
  upsSocAt(tMs: number): number {
    if (!this.ups) return this.state.upsSoc;
    return nextUpsSoc(
      this.ups,
      this.state.upsSoc,
      this.minute.onBattery,
      this.minute.upsW,
      (tMs - this.state.t) / 1000,
    );
  }

  /** Exact counters (Wh) at `tMs` within the current minute, per device serial number. */
  countersAt(tMs: number): Record<string, [number, number]> {
    const h = (tMs - this.mark) / 3_600_000;
    const m = this.minute;
    const out: Record<string, [number, number]> = {};
    for (const d of this.spec.devices) {
      const [a, b] = this.state.counters[d.sn] ?? [0, 0];
      const [qa, qb] = this.partial[d.sn] ?? [0, 0];
      const [pa, pb] = this.flows(d.type, d.sn, m);
      out[d.sn] = [a + qa + pa * h, b + qb + pb * h];
    }
    return out;
  }

  /** Steps whole minutes until `tMs` lies in the current minute. */
  advanceTo(tMs: number): void {
    while (this.state.t + STEP_MS <= tMs) this.step();
  }

  /** The power flowing into a device's [eIn, eOut] counters during minute `m` (W, both ≥ 0). */
  private flows(type: string, sn: string, m: MinutePowers): [number, number] {
    switch (type) {
      case 'inverter':
        // [PV energy, AC energy drawn to charge the battery from the grid]
        return [m.pvW, Math.max(0, -(m.pvW + m.batteryW))];
      case 'battery':
        return [Math.max(0, -m.batteryW), Math.max(0, m.batteryW)];
      case 'meter':
        return [Math.max(0, m.meterW), Math.max(0, -m.meterW)];
      case 'charger':
        return [m.chargers[sn]?.w ?? 0, 0];
      case 'ups':
        return [m.upsW, 0];
      default:
        return [0, 0];
    }
  }

  private step(): void {
    const s = this.state;
    const m = this.minute;
    this.integrate(s.t + STEP_MS);
    for (const d of this.spec.devices) {
      const c = s.counters[d.sn] ?? [0, 0];
      const [qa, qb] = this.partial[d.sn]!;
      s.counters[d.sn] = [c[0] + qa, c[1] + qb];
    }
    this.partial = {};
    if (this.battery) s.soc = nextSoc(this.battery, s.soc, m.batteryW, STEP_MS / 1000);
    if (this.ups) s.upsSoc = nextUpsSoc(this.ups, s.upsSoc, m.onBattery, m.upsW, STEP_MS / 1000);
    for (const sn in m.chargers) s.chargers[sn] = m.chargers[sn]!.next;
    s.t += STEP_MS;
    this.mark = s.t;
    this.minute = this.compute();
  }

  private compute(): MinutePowers {
    const { spec, state } = this;
    const t = state.t;
    const local = this.clock(t);
    const outdoorC = outdoorTempC(spec.place.latitude, local, spec.seed, t);
    const home = spec.kind === 'pv' || spec.kind === 'storage' || spec.kind === 'charging';
    const pvAvailW = this.pv ? this.pv(t) : 0;
    const demandW = home
      ? householdPowerW(profiles().load, spec.annualKwh, local, spec.seed, t)
      : spec.kind === 'pe'
        ? spec.baseLoadW *
          (1 + 0.03 * Math.max(0, outdoorC - 18)) *
          (1 + 0.04 * (rand(spec.seed, t / STEP_MS) - 0.5))
        : 0;
    const chargers: MinutePowers['chargers'] = {};
    let chargingW = 0;
    for (const sn in this.chargerParams) {
      const res = stepCharger(
        this.chargerParams[sn]!,
        state.chargers[sn] ?? idleCharger(),
        local,
        t,
        STEP_MS / 1000,
      );
      chargers[sn] = res;
      chargingW += res.w;
    }
    const onBattery = this.ups ? gridOutage(this.ups.seed, t) : false;
    const upsW = this.ups ? upsLoadW(this.ups, local, t) : 0;
    const control = this.pv
      ? controlMinute({
          params: this.inverterParams,
          battery: this.battery,
          soc: state.soc,
          pvAvailW,
          loadW: demandW,
          otherW: chargingW,
          minuteOfDay: local.minuteOfDay,
          dtS: STEP_MS / 1000,
        })
      : null;
    const pvW = control?.pvW ?? 0;
    const batteryW = control?.batteryW ?? 0;
    const loadW = control?.loadW ?? demandW;
    // Meter: everything behind it that consumes, minus what PV and battery supply (+ buys, − sells).
    const meterW = control?.offGrid ? 0 : loadW + chargingW + this.externalW - pvW - batteryW;
    return {
      local,
      pvW,
      loadW,
      batteryW,
      meterW,
      chargers,
      upsW,
      onBattery,
      outdoorC,
      offGrid: control?.offGrid ?? false,
      exportCapW: control?.exportCapW ?? null,
      externalW: this.externalW,
    };
  }
}
