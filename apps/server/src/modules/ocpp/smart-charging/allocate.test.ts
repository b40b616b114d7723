/** Issue 22 item 5, issue 34 item 3: dividing a site's charging limit (allocate.ts), examples and properties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, type ChargerState, MIN_CHARGING_W } from './allocate';

const idle = (deviceId: number, maxW: number | null = null): ChargerState => ({
  deviceId,
  charging: false,
  chargingSince: null,
  maxW,
  online: true,
});
const busy = (deviceId: number, since: number, maxW: number | null = null): ChargerState => ({
  deviceId,
  charging: true,
  chargingSince: since,
  maxW,
  online: true,
});
const offline = (c: ChargerState): ChargerState => ({ ...c, online: false });
const limits = (a: { limitW: number }[]) => a.map((x) => x.limitW);

describe('allocate', () => {
  it('shares the limit equally among charging chargers after the idle ones’ reserve', () => {
    // Nobody charging: the idle chargers share all of it (issue 34 item 3: after a stop, nothing is lost).
    expect(limits(allocate(11_000, [idle(1), idle(2), idle(3)]))).toEqual([3666, 3667, 3667]);
    expect(limits(allocate(11_000, [busy(1, 0), idle(2), idle(3)]))).toEqual([8200, 1400, 1400]);
    expect(limits(allocate(11_000, [busy(1, 0), busy(2, 1), idle(3)]))).toEqual([4800, 4800, 1400]);
    expect(limits(allocate(11_000, [busy(1, 0), busy(2, 1), busy(3, 2)]))).toEqual([3666, 3667, 3667]);
  });

  it('gives a charger no more than its own maximum and the rest to the others', () => {
    expect(limits(allocate(11_000, [busy(1, 0, 2000), busy(2, 1), idle(3)]))).toEqual([2000, 7600, 1400]);
    expect(limits(allocate(11_000, [busy(1, 0, 3700), busy(2, 1, 3700)]))).toEqual([3700, 3700]);
    // What capped charging chargers cannot take goes to the idle one.
    expect(limits(allocate(11_000, [busy(1, 0, 3700), busy(2, 1, 3700), idle(3)]))).toEqual([
      3700, 3700, 3600,
    ]);
    expect(limits(allocate(11_000, [idle(1, 1000)]))).toEqual([1000]);
  });

  it('keeps the longest charging sessions when the limit cannot give everyone the minimum', () => {
    // 3 kW: two minimums. The later session and the idle charger get nothing.
    expect(limits(allocate(3000, [busy(1, 50), busy(2, 10), idle(3)]))).toEqual([1500, 1500, 0]);
    expect(limits(allocate(3000, [busy(1, 50), busy(2, 10), busy(3, 20)]))).toEqual([0, 1500, 1500]);
    // One charging, two idle: the charging one first, then one reserve.
    expect(limits(allocate(3000, [idle(1), busy(2, 0), idle(3)]))).toEqual([1400, 1600, 0]);
    expect(limits(allocate(1000, [busy(1, 0), idle(2)]))).toEqual([0, 0]);
  });

  it('gives an offline or never-connected charger nothing and its share to the connected ones', () => {
    // Issue 34 item 3: 7 kW, one charging and one offline was 5.6 + 1.4; after the stop 4.2 kW went to nobody.
    expect(limits(allocate(7000, [busy(1, 0), offline(idle(2))]))).toEqual([7000, 0]);
    expect(limits(allocate(7000, [idle(1), offline(idle(2))]))).toEqual([7000, 0]);
    expect(limits(allocate(7000, [offline(busy(1, 0)), idle(2), busy(3, 5)]))).toEqual([0, 1400, 5600]);
    expect(limits(allocate(7000, [offline(idle(1)), offline(idle(2))]))).toEqual([0, 0]);
  });

  const chargers = fc
    .uniqueArray(
      fc.record({
        deviceId: fc.integer({ min: 1, max: 10_000 }),
        charging: fc.boolean(),
        chargingSince: fc.integer({ min: 0, max: 1e12 }),
        maxW: fc.option(fc.integer({ min: 0, max: 350_000 }), { nil: null }),
        online: fc.boolean(),
      }),
      { selector: (c) => c.deviceId, maxLength: 40 },
    )
    .map((cs) => cs.map((c) => ({ ...c, chargingSince: c.charging ? c.chargingSince : null })));

  it('never gives more than the limit in sum, nor a charger more than its maximum', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10_000_000, noNaN: true }), chargers, (limitW, cs) => {
        const out = allocate(limitW, cs);
        expect(out.map((a) => a.deviceId)).toEqual(cs.map((c) => c.deviceId));
        expect(out.reduce((s, a) => s + a.limitW, 0)).toBeLessThanOrEqual(limitW);
        for (const [i, a] of out.entries()) {
          expect(Number.isInteger(a.limitW) && a.limitW >= 0).toBe(true);
          if (cs[i]!.maxW !== null) expect(a.limitW).toBeLessThanOrEqual(cs[i]!.maxW!);
        }
      }),
    );
  });

  it('gives every charger its minimum when the limit holds them all', () => {
    fc.assert(
      fc.property(chargers, fc.integer({ min: 0, max: 100_000 }), (cs, extra) => {
        const out = allocate(cs.filter((c) => c.online).length * MIN_CHARGING_W + extra, cs);
        for (const [i, a] of out.entries()) {
          const c = cs[i]!;
          if (c.online)
            expect(a.limitW).toBeGreaterThanOrEqual(Math.min(MIN_CHARGING_W, c.maxW ?? MIN_CHARGING_W));
          else expect(a.limitW).toBe(0);
        }
      }),
    );
  });

  it('leaves unused only what no connected charger can take, when the limit holds them all', () => {
    fc.assert(
      fc.property(chargers, fc.integer({ min: 0, max: 100_000 }), (cs, extra) => {
        const limitW = cs.filter((c) => c.online).length * MIN_CHARGING_W + extra;
        const out = allocate(limitW, cs);
        const takes = cs
          .filter((c) => c.online)
          .reduce((s, c) => s + (c.maxW ?? Number.POSITIVE_INFINITY), 0);
        expect(out.reduce((s, a) => s + a.limitW, 0)).toBe(Math.min(limitW, takes));
      }),
    );
  });
});
