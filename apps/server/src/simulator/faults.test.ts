import { describe, expect, it } from 'vitest';
import { siteSpec } from './catalog';
import { activeFaults, SIMULATED_CODES, STARTUP_FAULT, startupFaultOf } from './faults';
import { initialSnapshot, SiteModel } from './site-model';

const MIN = 60_000;

/** Steps every demo site through `days` from a summer Monday and records each code's active local hours. */
function run(sites: number, days: number) {
  const t0 = Date.UTC(2026, 6, 6, 0, 0);
  const seen = new Map<string, Set<number>>();
  let minutesWithAny = 0;
  const models = Array.from({ length: sites }, (_, i) => {
    const spec = siteSpec(i);
    return new SiteModel(spec, initialSnapshot(spec, t0));
  });
  for (let t = t0; t < t0 + days * 1440 * MIN; t += 5 * MIN) {
    let any = false;
    for (const model of models) {
      model.advanceTo(t);
      for (const codes of activeFaults(model, t).values()) {
        any = true;
        for (const code of codes) {
          if (!seen.has(code)) seen.set(code, new Set());
          seen.get(code)!.add(Math.floor(model.powers.local.minuteOfDay / 60));
        }
      }
    }
    if (any) minutesWithAny += 5;
  }
  return { seen, minutesWithAny, total: days * 1440 };
}

describe('simulated faults', () => {
  const { seen, minutesWithAny, total } = run(24, 2);

  it('raises every simulated fault kind over two days of the default fleet', () => {
    for (const code of ['ID001', 'ID113', 'GroundFailure', 'OB']) expect(seen.has(code), code).toBe(true);
    for (const code of seen.keys()) expect(Object.values(SIMULATED_CODES).flat()).toContain(code);
  });

  it('ties faults to the hour they belong to: grid over-voltage around noon, over-temperature in the afternoon', () => {
    for (const h of seen.get('ID001')!) expect(h >= 11 && h < 14).toBe(true);
    for (const h of seen.get('ID113')!) expect(h >= 13 && h < 18).toBe(true);
  });

  it('keeps some alarm active most of the time, so a new user sees one within minutes', () => {
    expect(minutesWithAny / total).toBeGreaterThan(0.5);
  });

  it('raises an alarm within the first 3 simulated minutes of a live start, at any hour', () => {
    const specs = Array.from({ length: 24 }, (_, i) => siteSpec(i));
    // Starts at every hour of a winter day, when the hour-bound faults mostly sleep.
    for (let h = 0; h < 24; h++) {
      const liveStart = Date.UTC(2026, 0, 12, h, 0);
      const startup = startupFaultOf(specs, liveStart);
      const raised = specs.some((spec) => {
        const model = new SiteModel(spec, initialSnapshot(spec, liveStart));
        for (let t = liveStart; t <= liveStart + 3 * MIN; t += MIN) {
          model.advanceTo(t);
          if (activeFaults(model, t, startup).size > 0) return true;
        }
        return false;
      });
      expect(raised, `start at ${h}:00 UTC`).toBe(true);
    }
  });

  it('keeps the start-up fault to its window and out of the history (no start given)', () => {
    const spec = siteSpec(0);
    const liveStart = Date.UTC(2026, 0, 12, 2, 0);
    const startup = startupFaultOf([spec], liveStart)!;
    const model = new SiteModel(spec, initialSnapshot(spec, liveStart));
    const at = liveStart + STARTUP_FAULT.afterMs + MIN;
    model.advanceTo(at);
    expect(activeFaults(model, at, startup).get(startup.sn)).toContain(STARTUP_FAULT.code);
    expect(activeFaults(model, at).get(startup.sn) ?? []).not.toContain(STARTUP_FAULT.code);
    const after = liveStart + STARTUP_FAULT.afterMs + STARTUP_FAULT.minutes * MIN;
    model.advanceTo(after);
    expect(activeFaults(model, after, startup).get(startup.sn) ?? []).not.toContain(STARTUP_FAULT.code);
  });
});
