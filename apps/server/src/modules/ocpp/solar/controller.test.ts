/**
 * Issue 33: the solar-charging controller step by step (delays, stale data, battery priority, sharing)
 * and as fast-check properties: no limit above a rating or the site limit, `pv` limits within the surplus,
 * `pv`/`minpv` limits either 0 or at least the minimum.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SolarCharger, type SolarInput, type SolarTimer, solarStep } from './controller';

const T0 = Date.UTC(2026, 5, 21, 12);
const charger = (over: Partial<SolarCharger> = {}): SolarCharger => ({
  deviceId: 1,
  mode: 'pv',
  minCurrentA: 6,
  phases: 1,
  ratingA: 32,
  drawW: 0,
  online: true,
  vehicleConnected: true,
  priority: 0,
  ...over,
});
const input = (over: Partial<SolarInput> = {}): SolarInput => ({
  nowMs: T0,
  grid: { w: -2000, atMs: T0 },
  battery: null,
  siteLimitW: null,
  batteryPrioritySoc: 80,
  enableDelayS: 60,
  disableDelayS: 180,
  chargers: [charger()],
  timers: new Map(),
  ...over,
});

describe('pv hysteresis', () => {
  it('waits the enable delay, follows the surplus, holds the minimum through the disable delay, then stops', () => {
    let timers = new Map<number, SolarTimer>();
    let draw = 0;
    const at = (s: number, gridW: number) => {
      const now = T0 + s * 1000;
      const r = solarStep(
        input({
          nowMs: now,
          grid: { w: gridW + draw, atMs: now },
          chargers: [charger({ drawW: draw })],
          timers,
        }),
      );
      timers = r.timers;
      draw = r.decisions[0]!.limitW;
      return r.decisions[0]!;
    };
    // 2 kW sold without the car: covers 6 A × 230 V = 1.38 kW.
    expect(at(0, -2000)).toMatchObject({
      limitA: 0,
      reason: 'waitingForSurplus',
      needW: 1380,
      remainingS: 60,
    });
    expect(at(45, -2000)).toMatchObject({ limitA: 0, reason: 'waitingForSurplus', remainingS: 15 });
    expect(at(60, -2000)).toMatchObject({ limitA: 8.6, reason: 'surplus' });
    // The car now draws 1,978 W; the meter shows the rest of the 2 kW sold.
    expect(at(65, -2000)).toMatchObject({ limitA: 8.6, reason: 'surplus' });
    // Surplus down to 0.8 kW: below the minimum, held for 180 s.
    expect(at(70, -800)).toMatchObject({ limitA: 6, reason: 'holdingMinimum', remainingS: 180 });
    expect(at(200, -800)).toMatchObject({ limitA: 6, reason: 'holdingMinimum', remainingS: 50 });
    expect(at(250, -800)).toMatchObject({ limitA: 0, reason: 'insufficientSurplus', needW: 1380 });
    expect(timers.get(1)).toEqual({ enabled: false, since: null });
  });

  it('a dip shorter than the disable delay does not stop it, and the delay starts afresh after', () => {
    const started = new Map([[1, { enabled: true, since: null }]]);
    const dip = solarStep(
      input({ grid: { w: 500, atMs: T0 }, chargers: [charger({ drawW: 1500 })], timers: started }),
    );
    expect(dip.decisions[0]).toMatchObject({ limitA: 6, reason: 'holdingMinimum' });
    const back = solarStep(
      input({
        nowMs: T0 + 5000,
        grid: { w: -300, atMs: T0 + 5000 },
        chargers: [charger({ drawW: 1380 })],
        timers: dip.timers,
      }),
    );
    expect(back.decisions[0]).toMatchObject({ limitA: 7.3, reason: 'surplus' });
    expect(back.timers.get(1)).toEqual({ enabled: true, since: null });
  });
});

describe('without fresh meter data', () => {
  it('pv gets 0, minpv its minimum, now its rating, each saying why', () => {
    const old = T0 - 31_000;
    const r = solarStep(
      input({
        grid: { w: -9000, atMs: old },
        chargers: [
          charger({ deviceId: 1, drawW: 5000 }),
          charger({ deviceId: 2, mode: 'minpv', phases: 3, minCurrentA: 8 }),
          charger({ deviceId: 3, mode: 'now', ratingA: 16 }),
        ],
        timers: new Map([[1, { enabled: true, since: null }]]),
      }),
    );
    expect(r.surplusW).toBeNull();
    expect(r.decisions.map((d) => [d.limitA, d.reason])).toEqual([
      [0, 'noMeterData'],
      [8, 'noMeterData'],
      [16, 'now'],
    ]);
  });
});

describe('surplus', () => {
  it('counts a charging battery above the priority SOC and never a discharging one', () => {
    const with2kWCharge = (soc: number) =>
      solarStep(input({ grid: { w: -500, atMs: T0 }, battery: { w: -2000, soc } })).surplusW;
    expect(with2kWCharge(50)).toBe(500);
    expect(with2kWCharge(80)).toBe(2500);
    expect(solarStep(input({ grid: { w: 0, atMs: T0 }, battery: { w: 1200, soc: 95 } })).surplusW).toBe(
      -1200,
    );
  });

  it('adds what the pv and minpv chargers draw, not what a now charger draws', () => {
    const r = solarStep(
      input({
        grid: { w: 1000, atMs: T0 },
        chargers: [charger({ deviceId: 1, drawW: 3000 }), charger({ deviceId: 2, mode: 'now', drawW: 7000 })],
      }),
    );
    expect(r.surplusW).toBe(2000);
  });

  it('shares by priority, then evenly', () => {
    const started = new Map([1, 2, 3].map((id) => [id, { enabled: true, since: null }]));
    const r = solarStep(
      input({
        grid: { w: -10_000, atMs: T0 },
        chargers: [
          charger({ deviceId: 1, priority: 1, ratingA: 16 }),
          charger({ deviceId: 2 }),
          charger({ deviceId: 3 }),
        ],
        timers: started,
      }),
    );
    // 10 kW: the first takes its 16 A (3,680 W); 6,320 W left are 3,160 W each (13.7 A).
    expect(r.decisions.map((d) => [d.limitA, d.reason])).toEqual([
      [16, 'rating'],
      [13.7, 'surplus'],
      [13.7, 'surplus'],
    ]);
  });

  it('keeps every charger within the site limit', () => {
    const r = solarStep(
      input({
        grid: { w: -20_000, atMs: T0 },
        siteLimitW: 5000,
        chargers: [charger({ deviceId: 1, mode: 'minpv' }), charger({ deviceId: 2, mode: 'now' })],
      }),
    );
    expect(r.decisions.map((d) => [d.limitA, d.reason])).toEqual([
      [6, 'siteLimit'],
      [15.7, 'siteLimit'],
    ]);
  });
});

const chargerArb = (deviceId: number) =>
  fc.record({
    deviceId: fc.constant(deviceId),
    mode: fc.constantFrom('off', 'pv', 'minpv', 'now' as const),
    minCurrentA: fc.integer({ min: 6, max: 32 }),
    phases: fc.constantFrom(1 as const, 3 as const),
    ratingA: fc.integer({ min: 6, max: 63 }),
    drawW: fc.integer({ min: 0, max: 44_000 }),
    online: fc.boolean(),
    vehicleConnected: fc.boolean(),
    priority: fc.integer({ min: 0, max: 2 }),
  });
const timerArb = fc.record({
  enabled: fc.boolean(),
  since: fc.option(fc.integer({ min: T0 - 600_000, max: T0 }), { nil: null }),
});
const inputArb = (modes?: ('pv' | 'off')[]) =>
  fc
    .tuple(
      fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
      fc.integer({ min: -60_000, max: 30_000 }),
      fc.integer({ min: 0, max: 60_000 }),
      fc.option(
        fc.record({ w: fc.integer({ min: -10_000, max: 10_000 }), soc: fc.integer({ min: 0, max: 100 }) }),
        {
          nil: null,
        },
      ),
      fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      fc.integer({ min: 0, max: 600 }),
      fc.integer({ min: 0, max: 600 }),
    )
    .chain(([ids, gridW, ageMs, battery, siteLimitW, enableDelayS, disableDelayS]) =>
      fc
        .tuple(fc.tuple(...ids.map((_, i) => chargerArb(i + 1))), fc.tuple(...ids.map(() => timerArb)))
        .map(([chargers, ts]) => ({
          ...input(),
          grid: { w: gridW, atMs: T0 - ageMs },
          battery,
          siteLimitW,
          enableDelayS,
          disableDelayS,
          chargers: modes
            ? chargers.map((c) => ({ ...c, mode: modes[c.deviceId % modes.length]! }))
            : chargers,
          timers: new Map(ts.map((t, i) => [i + 1, t])),
        })),
    );

describe('properties', () => {
  it('no limit is above its charger’s rating, nor the limits together above the site limit', () => {
    fc.assert(
      fc.property(inputArb(), (inp) => {
        const r = solarStep(inp);
        for (const [i, c] of inp.chargers.entries())
          expect(r.decisions[i]!.limitA).toBeLessThanOrEqual(c.ratingA);
        const sum = r.decisions.reduce((s, d) => s + d.limitW, 0);
        if (inp.siteLimitW !== null) expect(sum).toBeLessThanOrEqual(inp.siteLimitW);
      }),
      { numRuns: 2000 },
    );
  });

  it('in pv the limits together stay within the surplus (a charger held in its disable delay counts its minimum)', () => {
    fc.assert(
      fc.property(inputArb(['pv', 'off']), (inp) => {
        const r = solarStep(inp);
        const held = r.decisions
          .filter((d) => d.reason === 'holdingMinimum')
          .reduce((s, d) => s + d.limitW, 0);
        const sum = r.decisions.reduce((s, d) => s + d.limitW, 0);
        expect(sum).toBeLessThanOrEqual(Math.max(0, r.surplusW ?? 0) + held);
        if (inp.disableDelayS === 0) expect(sum).toBeLessThanOrEqual(Math.max(0, r.surplusW ?? 0));
      }),
      { numRuns: 2000 },
    );
  });

  it('a pv or minpv charger gets 0 or at least its minimum current (below it a car does not charge)', () => {
    fc.assert(
      fc.property(inputArb(), (inp) => {
        const r = solarStep(inp);
        inp.chargers.forEach((c, i) => {
          const a = r.decisions[i]!.limitA;
          if (c.mode === 'pv' || c.mode === 'minpv')
            expect(a === 0 || a >= Math.min(c.minCurrentA, c.ratingA)).toBe(true);
          if (c.mode === 'off' || !c.online) expect(a).toBe(0);
        });
      }),
      { numRuns: 2000 },
    );
  });
});
