/** Issue 22 item 5: dividing a site's charging limit (allocate.ts), examples and properties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, type ChargerState, MIN_CHARGING_W } from './allocate';

const idle = (deviceId: number, maxW: number | null = null): ChargerState => ({
  deviceId,
  charging: false,
  chargingSince: null,
  maxW,
});
const busy = (deviceId: number, since: number, maxW: number | null = null): ChargerState => ({
  deviceId,
  charging: true,
  chargingSince: since,
  maxW,
});
const limits = (a: { limitW: number }[]) => a.map((x) => x.limitW);

describe('allocate', () => {
  it('shares the limit equally among charging chargers after the idle ones’ reserve', () => {
    expect(limits(allocate(11_000, [idle(1), idle(2), idle(3)]))).toEqual([1400, 1400, 1400]);
    expect(limits(allocate(11_000, [busy(1, 0), idle(2), idle(3)]))).toEqual([8200, 1400, 1400]);
    expect(limits(allocate(11_000, [busy(1, 0), busy(2, 1), idle(3)]))).toEqual([4800, 4800, 1400]);
    expect(limits(allocate(11_000, [busy(1, 0), busy(2, 1), busy(3, 2)]))).toEqual([3666, 3667, 3667]);
  });

  it('gives a charger no more than its own maximum and the rest to the others', () => {
    expect(limits(allocate(11_000, [busy(1, 0, 2000), busy(2, 1), idle(3)]))).toEqual([2000, 7600, 1400]);
    expect(limits(allocate(11_000, [busy(1, 0, 3700), busy(2, 1, 3700)]))).toEqual([3700, 3700]);
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

  const chargers = fc
    .uniqueArray(
      fc.record({
        deviceId: fc.integer({ min: 1, max: 10_000 }),
        charging: fc.boolean(),
        chargingSince: fc.integer({ min: 0, max: 1e12 }),
        maxW: fc.option(fc.integer({ min: 0, max: 350_000 }), { nil: null }),
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
        const out = allocate(cs.length * MIN_CHARGING_W + extra, cs);
        for (const [i, a] of out.entries())
          expect(a.limitW).toBeGreaterThanOrEqual(Math.min(MIN_CHARGING_W, cs[i]!.maxW ?? MIN_CHARGING_W));
      }),
    );
  });
});
