/**
 * What each simulated device publishes at an instant (docs/device-protocol.md point names and units),
 * rendered from its site's model. Published powers carry a small per-second jitter so live values move
 * every sample; the meter is computed from the published PV, battery and load values so that the
 * published numbers balance exactly (load + chargers = PV + battery + meter). A home storage site's
 * battery is DC-coupled behind its hybrid inverter: the inverter's AC power `W` is PV plus battery (what
 * actually leaves it), its PV part is `PVW`/`PVWH`, and its `WH` counts AC energy (issue 24 item 11).
 * Counters are the exact integrals, floored to whole Wh, so they never decrease.
 *
 * The inverter's parameters (issue 21) show too: an island's meter reads 0, an anti-backflow cap holds on
 * the published meter (its PV gives way to the load's metering noise), the inverter's own measurements
 * (`BatV`, `DCOutV`, `BusV`, `BatA`, `A`) are reported as a × measured + b of their calibration, and with
 * `reportParams` the inverter reports its parameters (device-params-points.ts).
 */
import type { DeviceParams } from '@ems/contract/api/device-params';
import { paramsToPoints } from '@ems/contract/api/device-params-points';
import type { Sample } from '@ems/contract/telemetry';
import type { DeviceSpec } from './catalog';
import { connectorStatus } from './charger-model';
import { socFloorOf } from './hybrid-control';
import { capabilitiesOf } from './inverter-capabilities';
import { hashString, rand } from './random';
import { initialCounters, type SiteModel } from './site-model';

type Points = Sample['points'];

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

/** ±`share` jitter, deterministic per (seed, second). */
const jitter = (seed: number, tMs: number, share: number) =>
  1 + share * (rand(seed, Math.floor(tMs / 1000)) * 2 - 1);

/** The inverter's calibrated measurements (a × measured + b of each calibration, spec §1). */
function calibrated(p: DeviceParams, m: { batV: number; batA: number; busV: number; outA: number }) {
  const cal = (a: number, b: number, v: number) => r2(a * v + b);
  return {
    BatV: cal(p.calBatteryVoltageA, p.calBatteryVoltageB, m.batV),
    // The DC-DC converter's output to the battery sits a little above the battery's voltage.
    DCOutV: cal(p.calDcOutputVoltageA, p.calDcOutputVoltageB, m.batV + 2),
    BusV: cal(p.calDcBusVoltageA, p.calDcBusVoltageB, m.busV),
    BatA: cal(p.calBatteryCurrentA, p.calBatteryCurrentB, m.batA),
    A: cal(p.calOutputCurrentA, p.calOutputCurrentB, m.outA),
  };
}

/** The parameter points `d` reports: only the parameters its model has. */
function paramPoints(d: DeviceSpec, params: DeviceParams): Points {
  const own = Object.fromEntries(capabilitiesOf(d).keys.map((k) => [k, params[k]]));
  return paramsToPoints(own);
}

/**
 * Samples of every device of `model`'s site at `tMs` (within the model's current minute); with
 * `reportParams` its inverter also reports its parameters.
 */
export function siteSamples(
  model: SiteModel,
  tMs: number,
  reportParams = false,
): { sn: string; points: Points }[] {
  const { spec } = model;
  const m = model.powers;
  const counters = model.countersAt(tMs);
  const { volts, hz } = spec.place;
  const wave = (k: number) => rand(spec.seed ^ k, Math.floor(tMs / 1000)) * 2 - 1;
  const inv = spec.devices.find((d) => d.type === 'inverter');
  let pvW = Math.round(m.pvW * jitter(spec.seed ^ 1, tMs, 0.01));
  const batteryW = Math.round(m.batteryW);
  const loadW = Math.round(m.loadW * jitter(spec.seed ^ 2, tMs, 0.02));
  const chargerW: Record<string, number> = {};
  let chargingW = 0;
  for (const sn in m.chargers) {
    chargerW[sn] = Math.round(m.chargers[sn]!.w * jitter(hashString(sn), tMs, 0.005));
    chargingW += chargerW[sn]!;
  }
  // Devices beside the model (the solar demo's OCPP chargers) report their own power: no jitter here.
  const externalW = Math.round(m.externalW);
  let meterW = loadW + chargingW + externalW - pvW - batteryW;
  if (m.offGrid) meterW = 0;
  else if (m.exportCapW !== null && meterW < -m.exportCapW) {
    pvW = Math.max(0, pvW + meterW + m.exportCapW);
    meterW = loadW + chargingW + externalW - pvW - batteryW;
  }
  const soc = r1(model.socAt(tMs));
  const params = model.params;
  const counter = (sn: string, k: 0 | 1) => Math.floor(counters[sn]?.[k] ?? 0);
  // The battery behind a hybrid inverter reaches the house through it: the AC output is PV + battery
  // (− when charging). It goes below 0 only while the battery charges from the grid (a charge period
  // with chargeMode pvAndGrid, or backup): the inverter then draws from the AC side.
  const battery = spec.devices.find((d) => d.type === 'battery');
  const acW = battery ? pvW + batteryW : pvW;
  const batV = r1(360 + 50 * (soc / 100));
  /**
   * Lifetime AC energy of a hybrid (Wh): its PV energy plus what the battery discharged minus what it
   * charged since the demo began (the battery's start counters are left out: they predate the
   * inverter's), plus what it drew from the AC side (`TotWhAbs`, SunSpec 701): it grows as the positive
   * part of PV + battery power, so it only rises.
   */
  const acWh = (sn: string) => {
    const pv = counters[sn]?.[0] ?? 0;
    if (!battery) return Math.floor(pv);
    const [charged, discharged] = counters[battery.sn] ?? [0, 0];
    const [charged0, discharged0] = initialCounters(spec)[battery.sn] ?? [0, 0];
    const drawn = counters[sn]?.[1] ?? 0;
    return Math.floor(pv + discharged - discharged0 - (charged - charged0) + drawn);
  };

  const render = (d: DeviceSpec): Points => {
    switch (d.type) {
      case 'inverter': {
        const rated = inv?.ratedW ?? 5000;
        const dcW = pvW > 0 ? Math.round(pvW / 0.97) : 0;
        const dcV = pvW > 0 ? r1(330 + 90 * Math.min(1, pvW / rated) + 4 * wave(3)) : 0;
        const measured = calibrated(params, {
          batV,
          batA: batteryW / batV,
          busV: 400 + 3 * wave(14),
          outA: Math.abs(acW) / volts,
        });
        return {
          W: acW,
          WH: battery ? acWh(d.sn) : counter(d.sn, 0),
          ...(battery ? { PVW: pvW, PVWH: counter(d.sn, 0), TotWhAbs: counter(d.sn, 1) } : {}),
          DCW: dcW,
          DCV: dcV,
          DCA: dcV > 0 ? r2(dcW / dcV) : 0,
          PhVphA: r1(volts + 2 * wave(4)),
          A: measured.A,
          BusV: measured.BusV,
          ...(battery ? { BatV: measured.BatV, DCOutV: measured.DCOutV, BatA: measured.BatA } : {}),
          Hz: r2(hz + 0.02 * wave(5)),
          TmpCab: r1(Math.max(5, m.outdoorC) + 6 + 22 * (Math.abs(acW) / rated)),
          // SunSpec 103 St: 4 operating (MPPT; it has no state for battery-only operation), 2 SLEEPING.
          St: acW !== 0 ? 4 : 2,
          ...(reportParams ? paramPoints(d, params) : {}),
        };
      }
      case 'battery': {
        const v = batV;
        // SunSpec 802 ChaSt: 2 EMPTY (at the lower SOC limit), 3 DISCHARGING, 4 CHARGING, 5 FULL, 6 HOLDING
        const chaSt =
          batteryW < 0 ? 4 : batteryW > 0 ? 3 : soc >= 99.5 ? 5 : soc <= socFloorOf(params) + 0.5 ? 2 : 6;
        return {
          W: batteryW,
          SoC: soc,
          SoH: r1(96 + 3.5 * rand(hashString(d.sn), 7)),
          V: v,
          A: r2(batteryW / v),
          ChaSt: chaSt,
          DCWhAbs: counter(d.sn, 0),
          DCWhInj: counter(d.sn, 1),
        };
      }
      case 'meter':
        return {
          W: spec.kind === 'pe' ? Math.round(m.meterW * jitter(spec.seed ^ 6, tMs, 0.01)) : meterW,
          TotWhImp: counter(d.sn, 0),
          TotWhExp: counter(d.sn, 1),
          PhVphA: r1(volts + 2 * wave(7)),
          Hz: r2(hz + 0.02 * wave(5)),
        };
      case 'charger': {
        const state = m.chargers[d.sn]?.next;
        const w = chargerW[d.sn] ?? 0;
        return {
          W: w,
          WH: counter(d.sn, 0),
          SessionWh: state && state.plugUntilMs > 0 ? Math.floor(state.deliveredWh) : 0,
          ConnectorStatus: state ? connectorStatus(state, w) : 'Available',
        };
      }
      case 'ups': {
        const w = Math.round(m.upsW * jitter(spec.seed ^ 8, tMs, 0.02));
        return {
          W: w,
          SoC: r1(model.upsSocAt(tMs)),
          VIn: m.onBattery ? 0 : r1(volts + 2 * wave(9)),
          VOut: r1(volts + 0.5 * wave(10)),
          Hz: hz,
          OnBattery: m.onBattery,
          TmpCab: r1(24 + 6 * (w / (d.ratedW ?? 3000)) + 0.5 * wave(11)),
          WH: counter(d.sn, 0),
        };
      }
      default: {
        const room = 21 + 0.35 * (m.outdoorC - 15) + 0.3 * wave(12);
        return {
          TmpAmb: r1(room),
          RH: r1(Math.min(90, Math.max(15, 48 - 1.2 * (room - 22) + 2 * wave(13)))),
        };
      }
    }
  };
  return spec.devices.map((d) => ({ sn: d.sn, points: render(d) }));
}
