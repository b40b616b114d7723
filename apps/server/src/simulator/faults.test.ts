import { describe, expect, it } from 'vitest';
import { siteSpec } from './catalog';
import { activeFaults, SIMULATED_CODES } from './faults';
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
});
