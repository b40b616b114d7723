import { SOC_LIMITS } from '@ems/contract/constants';
import { describe, expect, it } from 'vitest';
import { batteryParams, batteryPowerW, nextSoc } from './battery-model';
import { type SiteKind, siteSpec } from './catalog';
import { siteSamples } from './device-points';
import { createLocalClock } from './local-clock';
import { profiles } from './profiles';
import { createPvModel } from './pv-model';
import { rand } from './random';
import { initialSnapshot, SiteModel } from './site-model';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The first demo site of a kind, and its model started at `t0`. */
function siteOf(kind: SiteKind, t0: number) {
  let i = 0;
  while (siteSpec(i).kind !== kind) i++;
  const spec = siteSpec(i);
  return { spec, model: new SiteModel(spec, initialSnapshot(spec, t0)) };
}

describe('local clock', () => {
  it('follows daylight saving time of the site', () => {
    const berlin = createLocalClock('Europe/Berlin');
    expect(berlin(Date.UTC(2026, 2, 29, 0, 59)).offsetMin).toBe(60);
    expect(berlin(Date.UTC(2026, 2, 29, 1, 0)).offsetMin).toBe(120);
    const sydney = createLocalClock('Australia/Sydney')(Date.UTC(2026, 0, 15, 1, 30));
    expect(sydney).toMatchObject({ offsetMin: 660, minuteOfDay: 12 * 60 + 30, month: 0, weekday: 4 });
  });
});

describe('PV model', () => {
  const pv = profiles().pv;
  const cases = [
    { zone: 'Europe/Berlin', latitude: 48.16, longitude: 11.59 },
    { zone: 'Australia/Sydney', latitude: -33.8, longitude: 151.0 },
    { zone: 'America/Los_Angeles', latitude: 38.58, longitude: -121.48 },
  ];

  for (const c of cases) {
    it(`is scaled to capacity, peaks near local noon and is zero at local night (${c.zone})`, () => {
      const site = { latitude: c.latitude, longitude: c.longitude, capacityW: 9000, ratedW: 8000, seed: 7 };
      const power = createPvModel(pv, site);
      const clock = createLocalClock(c.zone);
      for (const start of [Date.UTC(2026, 5, 10), Date.UTC(2026, 11, 10)]) {
        let peak = { w: 0, minute: 0 };
        let energyWh = 0;
        for (let t = start; t < start + 2 * DAY; t += 60_000) {
          const w = power(t);
          const local = clock(t);
          expect(w).toBeGreaterThanOrEqual(0);
          expect(w).toBeLessThanOrEqual(site.ratedW);
          if (local.minuteOfDay < 4 * 60 || local.minuteOfDay >= 22 * 60) expect(w).toBe(0);
          if (w > peak.w) peak = { w, minute: local.minuteOfDay };
          energyWh += w / 60;
        }
        const summer = (new Date(start).getUTCMonth() === 5) === c.latitude > 0;
        expect(peak.w).toBeGreaterThan((summer ? 0.4 : 0.08) * site.capacityW);
        expect(peak.minute).toBeGreaterThan(10 * 60);
        expect(peak.minute).toBeLessThan(15 * 60);
        // Daily yield between 0.3 and 7 kWh per kWp: real-world range from winter to summer.
        expect(energyWh / 2 / 9).toBeGreaterThan(300);
        expect(energyWh / 2 / 9).toBeLessThan(7000);
      }
    });
  }

  it('yields less in the local winter than in the local summer, on both hemispheres', () => {
    const yieldWh = (latitude: number, longitude: number, month: number) => {
      const power = createPvModel(pv, { latitude, longitude, capacityW: 5000, ratedW: 5000, seed: 3 });
      let wh = 0;
      const start = Date.UTC(2026, month, 1);
      for (let t = start; t < start + 10 * DAY; t += 60_000) wh += power(t) / 60;
      return wh;
    };
    expect(yieldWh(52.5, 13.4, 11)).toBeLessThan(0.5 * yieldWh(52.5, 13.4, 5));
    expect(yieldWh(-33.8, 151, 5)).toBeLessThan(0.7 * yieldWh(-33.8, 151, 11));
  });
});

describe('battery model', () => {
  it(`keeps SOC within [${SOC_LIMITS.default}, 100] % whatever the surplus`, () => {
    const p = batteryParams(10_240, 6000);
    let soc = 50;
    let reachedTop = false;
    let reachedBottom = false;
    for (let k = 0; k < 20_000; k++) {
      const surplus = (rand(11, Math.floor(k / 240)) * 2 - 1) * 8000;
      const w = batteryPowerW(p, soc, surplus, 60, SOC_LIMITS.default);
      expect(Math.abs(w)).toBeLessThanOrEqual(Math.min(Math.abs(surplus), p.maxChargeW) + 1e-9);
      if (surplus > 0) expect(w).toBeLessThanOrEqual(0);
      soc = nextSoc(p, soc, w, 60);
      expect(soc).toBeGreaterThanOrEqual(SOC_LIMITS.default);
      expect(soc).toBeLessThanOrEqual(100);
      reachedTop ||= soc > 99.9;
      reachedBottom ||= soc < SOC_LIMITS.default + 0.1;
    }
    expect(reachedTop && reachedBottom).toBe(true);
  });
});

describe('site model', () => {
  const t0 = Date.UTC(2026, 5, 1);

  it('keeps every counter non-decreasing, and rising while energy flows', () => {
    for (const kind of ['pv', 'storage', 'charging', 'ups', 'pe'] as const) {
      const { spec, model } = siteOf(kind, t0);
      // Mid-minute samples: each interval covers the end of one minute and the start of the next.
      let prev = model.countersAt(t0 + 30_000);
      for (let t = t0 + 90_000; t < t0 + 2 * DAY; t += 60_000) {
        model.advanceTo(t);
        const now = model.countersAt(t);
        for (const d of spec.devices) {
          expect(now[d.sn]![0]).toBeGreaterThanOrEqual(prev[d.sn]![0]);
          expect(now[d.sn]![1]).toBeGreaterThanOrEqual(prev[d.sn]![1]);
        }
        if (kind === 'pv' && model.powers.pvW > 0) {
          const inv = spec.devices.find((d) => d.type === 'inverter')!;
          expect(now[inv.sn]![0]).toBeGreaterThan(prev[inv.sn]![0]);
        }
        prev = now;
      }
    }
  });

  it('balances a storage site: published load = hybrid inverter AC (PV + battery) + meter, and energy adds up', () => {
    const { spec, model } = siteOf('storage', t0);
    const sn = (type: string) => spec.devices.find((d) => d.type === type)!.sn;
    const start = model.countersAt(t0);
    let loadWh = 0;
    let chargerFree = true;
    for (let t = t0; t < t0 + DAY; t += 60_000) {
      model.advanceTo(t);
      loadWh += model.powers.loadW / 60;
      const s = Object.fromEntries(siteSamples(model, t).map((x) => [x.sn, x.points]));
      const inverter = s[sn('inverter')]!;
      expect(Number(inverter.W)).toBe(Math.max(0, Number(inverter.PVW) + Number(s[sn('battery')]!.W)));
      const load = Number(inverter.W) + Number(s[sn('meter')]!.W);
      expect(Math.abs(load - model.powers.loadW)).toBeLessThanOrEqual(0.03 * model.powers.loadW + 1);
      chargerFree &&= Object.keys(model.powers.chargers).length === 0;
    }
    model.advanceTo(t0 + DAY);
    const end = model.countersAt(t0 + DAY);
    const delta = (type: string, k: 0 | 1) => end[sn(type)]![k] - start[sn(type)]![k];
    const supplied =
      delta('inverter', 0) +
      delta('battery', 1) -
      delta('battery', 0) +
      delta('meter', 0) -
      delta('meter', 1);
    expect(chargerFree).toBe(true);
    expect(supplied).toBeCloseTo(loadWh, 3);
  });

  it('replays charging sessions at 7-11 kW with OCPP connector states', () => {
    const { spec, model } = siteOf('charging', t0);
    const statuses = new Set<string>();
    for (let t = t0; t < t0 + 7 * DAY; t += 60_000) {
      model.advanceTo(t);
      for (const s of siteSamples(model, t)) {
        const d = spec.devices.find((x) => x.sn === s.sn)!;
        if (d.type !== 'charger') continue;
        statuses.add(String(s.points.ConnectorStatus));
        const w = Number(s.points.W);
        if (w > 0 && s.points.ConnectorStatus === 'Charging') {
          expect(w).toBeLessThanOrEqual(11_100);
        }
        if (s.points.ConnectorStatus === 'Available') expect(w).toBe(0);
      }
    }
    expect([...statuses].sort()).toEqual(['Available', 'Charging', 'SuspendedEV']);
  });

  it('runs a UPS on battery during grid outages, with no input voltage', () => {
    const { model } = siteOf('ups', t0);
    let outages = 0;
    for (let t = t0; t < t0 + 30 * DAY; t += 60_000) {
      model.advanceTo(t);
      const [s] = siteSamples(model, t);
      const p = s!.points;
      expect(p.OnBattery === true).toBe(p.VIn === 0);
      if (p.OnBattery === true) outages++;
      expect(Number(p.SoC)).toBeGreaterThan(0);
    }
    expect(outages).toBeGreaterThan(0);
  });

  it('continues identically from a snapshot (restart) as without one', () => {
    const { spec, model } = siteOf('storage', t0);
    model.advanceTo(t0 + 1.5 * DAY);
    const resumed = new SiteModel(spec, model.snapshot());
    const t = t0 + 2 * DAY + 12_345_000;
    model.advanceTo(t);
    resumed.advanceTo(t);
    expect(siteSamples(resumed, t)).toEqual(siteSamples(model, t));
  });
});
