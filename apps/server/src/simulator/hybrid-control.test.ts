/**
 * Issue 21 item 4: a simulated inverter behaves as its parameters say, in the values its site publishes.
 * The SOC floor holds over a night (the grid covers the load instead), an island draws nothing from the
 * grid, anti-backflow caps export, valley periods charge from the grid and peak periods discharge at their
 * power, and the calibration coefficients scale the inverter's measurements.
 */
import { type DeviceParams, PARAM_DEFAULTS } from '@ems/contract/api/device-params';
import { describe, expect, it } from 'vitest';
import { type SiteKind, siteSpec } from './catalog';
import { siteSamples } from './device-points';
import { initialSnapshot, SiteModel, STEP_MS } from './site-model';

const HOUR = 3_600_000;
type PointKey = 'W' | 'SoC' | 'ChaSt' | 'V' | 'TotWhImp' | 'BatV' | 'BatA' | 'A';

/** The first demo site of `kind` (index 1: storage in Brno, Europe/Prague; index 0: PV in Freiburg). */
function site(kind: SiteKind, t0: number, soc: number, params: Partial<DeviceParams>) {
  let i = 0;
  while (siteSpec(i).kind !== kind) i++;
  const spec = siteSpec(i);
  const model = new SiteModel(spec, { ...initialSnapshot(spec, t0), soc }, { ...PARAM_DEFAULTS, ...params });
  const pointsOf = (t: number, report = false) => {
    const out: Record<string, Record<string, number | string | boolean>> = {};
    for (const s of siteSamples(model, t, report)) {
      out[spec.devices.find((d) => d.sn === s.sn)!.type] = s.points;
    }
    return out as Record<'inverter' | 'battery' | 'meter', Record<PointKey, number>>;
  };
  return { spec, model, pointsOf };
}

/** Every minute of [from, from + hours) with the site's published points, mid-minute. */
function* minutes(s: ReturnType<typeof site>, from: number, hours: number) {
  for (let t = from; t < from + hours * HOUR; t += STEP_MS) {
    s.model.advanceTo(t + 30_000);
    const soc = s.model.socAt(t + 30_000);
    yield { t, soc, local: s.model.powers.local.minuteOfDay, m: s.model.powers, p: s.pointsOf(t + 30_000) };
  }
}

// A winter evening in Brno (UTC+1): 17:00 local, dark.
const EVENING = Date.UTC(2026, 0, 14, 16, 0);
// A clear summer day in Freiburg / Brno: 06:00 UTC.
const SUMMER_MORNING = Date.UTC(2026, 5, 20, 6, 0);

describe('a simulated inverter obeys its parameters (issue 21 item 4)', () => {
  it('stops discharging at the grid-tied lower SOC limit over a night; the grid covers the load', () => {
    const s = site('storage', EVENING, 70, { socLowerOnGrid: 50, socLowerOffGrid: 30 });
    let atFloor = 0;
    for (const { soc, m, p } of minutes(s, EVENING, 15)) {
      expect(soc).toBeGreaterThanOrEqual(50);
      if (soc <= 50 + 1e-6) {
        atFloor++;
        expect(p.battery.W).toBe(0);
        expect(p.battery.ChaSt).toBe(2); // EMPTY: at its limit
        // No PV at night: the grid carries the household alone.
        expect(p.meter.W).toBeGreaterThan(0.9 * m.loadW);
      }
    }
    // The battery did reach its limit (and stayed there) during the night.
    expect(atFloor).toBeGreaterThan(60);
  });

  it('off-grid: draws nothing from the grid, and stops at the off-grid lower limit', () => {
    const s = site('storage', EVENING, 45, {
      operatingMode: 'offGrid',
      socLowerOnGrid: 40,
      socLowerOffGrid: 30,
    });
    const imported = s.pointsOf(EVENING).meter.TotWhImp;
    let shed = 0;
    for (const { soc, m, p } of minutes(s, EVENING, 40)) {
      expect(p.meter.W).toBe(0);
      expect(soc).toBeGreaterThanOrEqual(30);
      // The inverter carries what the house draws: PV and battery, nothing else.
      expect(Math.abs(p.inverter.W - m.loadW)).toBeLessThanOrEqual(0.01 * m.pvW + 2);
      if (soc <= 30 + 1e-6 && m.pvW === 0) shed++;
    }
    expect(s.pointsOf(EVENING + 40 * HOUR).meter.TotWhImp).toBe(imported);
    // At its limit in the dark, the island has nothing to give: the load is shed, not bought.
    expect(shed).toBeGreaterThan(0);
  });

  it('anti-backflow caps export at its limit, curtailing PV (full battery, PV and storage sites)', () => {
    for (const kind of ['storage', 'pv'] as const) {
      const s = site(kind, SUMMER_MORNING, 100, { antiBackflow: true, exportLimitW: 300 });
      let capped = 0;
      for (const { p } of minutes(s, SUMMER_MORNING, 10)) {
        expect(p.meter.W).toBeGreaterThanOrEqual(-300);
        if (p.meter.W === -300) capped++;
      }
      // A clear summer midday makes far more than the house uses: the cap held for hours.
      expect(capped).toBeGreaterThan(120);
    }
  });

  it('peak shifting: a valley period charges from the grid, a peak period discharges at its power', () => {
    const touSlots = [
      { start: '01:00', end: '05:00', kind: 'valley', action: 'charge', powerW: 2500 },
      { start: '17:00', end: '21:00', kind: 'peak', action: 'discharge', powerW: 1800 },
    ] as const;
    const s = site('storage', EVENING + 6 * HOUR, 30, {
      operatingMode: 'peakShift',
      chargeMode: 'pvAndGrid',
      dischargeMode: 'loadAndGrid',
      touSlots: [...touSlots],
    });
    let valley = 0;
    let peak = 0;
    let socBefore = 0;
    for (const { local, m, p } of minutes(s, EVENING + 6 * HOUR, 24)) {
      if (local === 60) socBefore = p.battery.SoC;
      if (local >= 60 && local < 300 && p.battery.SoC < 95) {
        valley++;
        // Night: no PV, so the 2500 W come from the grid on top of the house.
        expect(p.battery.W).toBe(-2500);
        expect(p.meter.W).toBeGreaterThan(2500 + 0.9 * m.loadW);
        expect(p.inverter.W).toBe(-2500);
      }
      if (local >= 17 * 60 && local < 21 * 60 && p.battery.SoC > 25) {
        peak++;
        expect(p.battery.W).toBe(1800);
      }
      if (local === 300) expect(p.battery.SoC).toBeGreaterThan(socBefore + 40);
    }
    expect(valley).toBeGreaterThan(120);
    expect(peak).toBeGreaterThan(60);
  });

  it("the charge / discharge power limits hold the battery below a period's power and in self-use", () => {
    const touSlots = [
      { start: '01:00', end: '05:00', kind: 'valley', action: 'charge', powerW: 2500 },
      { start: '17:00', end: '21:00', kind: 'peak', action: 'discharge', powerW: 1800 },
    ] as const;
    const s = site('storage', EVENING + 6 * HOUR, 30, {
      operatingMode: 'peakShift',
      chargeMode: 'pvAndGrid',
      dischargeMode: 'loadAndGrid',
      touSlots: [...touSlots],
      chargePowerMaxW: 1200,
      dischargePowerMaxW: 700,
    });
    let valley = 0;
    let peak = 0;
    for (const { local, p } of minutes(s, EVENING + 6 * HOUR, 24)) {
      expect(p.battery.W).toBeGreaterThanOrEqual(-1200);
      expect(p.battery.W).toBeLessThanOrEqual(700);
      if (local >= 60 && local < 300 && p.battery.SoC < 95) {
        valley++;
        expect(p.battery.W).toBe(-1200);
      }
      if (local >= 17 * 60 && local < 21 * 60 && p.battery.SoC > 25) {
        peak++;
        expect(p.battery.W).toBe(700);
      }
    }
    expect(valley).toBeGreaterThan(120);
    expect(peak).toBeGreaterThan(60);
    // Self-use on an evening: a house drawing more than 300 W gets 300 W from the battery, the grid the rest.
    const selfUse = site('storage', EVENING, 70, { dischargePowerMaxW: 300 });
    let held = 0;
    for (const { m, p } of minutes(selfUse, EVENING, 4)) {
      expect(p.battery.W).toBeLessThanOrEqual(300);
      if (m.loadW > 400) {
        held++;
        expect(p.battery.W).toBe(300);
        expect(p.meter.W).toBeGreaterThan(0.9 * m.loadW - 300);
      }
    }
    expect(held).toBeGreaterThan(30);
    expect(s.pointsOf(EVENING + 30 * HOUR, true).inverter).toMatchObject({ ChaWMax: 1200, DisChaWMax: 700 });
  });

  it('calibration: the inverter reports a × measured + b of what it measures', () => {
    const cal = {
      calBatteryVoltageA: 1.1,
      calBatteryVoltageB: -4,
      calOutputCurrentA: 0.9,
      calOutputCurrentB: 0.5,
      calBatteryCurrentA: 1.2,
      calBatteryCurrentB: 1,
    };
    const plain = site('storage', SUMMER_MORNING, 50, {});
    const scaled = site('storage', SUMMER_MORNING, 50, cal);
    for (let k = 0; k < 6; k++) {
      const t = SUMMER_MORNING + k * HOUR + 30_000;
      plain.model.advanceTo(t);
      scaled.model.advanceTo(t);
      const a = plain.pointsOf(t);
      const b = scaled.pointsOf(t);
      expect(b.inverter.BatV).toBeCloseTo(1.1 * b.battery.V - 4, 1);
      expect(b.inverter.BatV).toBeCloseTo(1.1 * a.inverter.BatV - 4, 1);
      expect(b.inverter.A).toBeCloseTo(0.9 * a.inverter.A + 0.5, 1);
      expect(b.inverter.BatA).toBeCloseTo(1.2 * a.inverter.BatA + 1, 1);
      // Only the measurements: the powers and the battery's own values are the same.
      expect(b.inverter.W).toBe(a.inverter.W);
      expect(b.battery.V).toBe(a.battery.V);
    }
  });

  it('reports its parameters in the points of docs/device-protocol.md §7, only those its model has', () => {
    const s = site('storage', EVENING, 50, { socLowerOnGrid: 35, exportLimitW: 800 });
    const points = s.pointsOf(EVENING, true).inverter;
    expect(points).toMatchObject({ SoCRsvMin: 35, SoCRsvMinOffGrid: 10, ExpLimW: 800, OpMod: 'selfUse' });
    // No demo model has a generator port.
    expect(points).not.toHaveProperty('GenMod');
    expect(s.pointsOf(EVENING, false).inverter).not.toHaveProperty('SoCRsvMin');
  });
});
