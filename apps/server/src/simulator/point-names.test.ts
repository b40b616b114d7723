/**
 * Issue 34 item 6: every point the simulator sends is named in every language of the web app: a
 * measurement by `fleet.point.<name>`, a reported parameter by `deviceParams.field.<key>` (the device
 * detail names them so, web features/fleet/lib), so the live values show no bare code.
 */
import { readFileSync } from 'node:fs';
import { PARAM_DEFAULTS, PARAM_KEYS, PARAM_SPECS } from '@ems/contract/api/device-params';
import { LANGUAGES } from '@ems/contract/constants';
import { describe, expect, it } from 'vitest';
import { siteSpec } from './catalog';
import { siteSamples } from './device-points';
import { initialSnapshot, SiteModel } from './site-model';

/** A language's texts of one web namespace file. */
const texts = (language: string, file: string): Record<string, Record<string, Record<string, string>>> =>
  JSON.parse(
    readFileSync(new URL(`../../../web/src/locales/${language}/${file}.json`, import.meta.url), 'utf8'),
  );

/** Every point name the demo fleet's devices send, parameters and price periods included. */
function simulatedPoints(): Set<string> {
  const names = new Set<string>();
  const t = Date.UTC(2025, 5, 1, 12);
  const params = {
    ...PARAM_DEFAULTS,
    touSlots: [{ start: '00:00', end: '06:00', kind: 'valley', action: 'charge', powerW: 3000 }] as const,
  };
  // The fleet's kinds repeat every few sites: the first 60 hold every kind of device.
  for (let i = 0; i < 60; i++) {
    const spec = siteSpec(i);
    const model = new SiteModel(spec, initialSnapshot(spec, t), {
      ...params,
      touSlots: [...params.touSlots],
    });
    model.advanceTo(t + 60_000);
    for (const s of siteSamples(model, t + 60_000, true)) for (const k of Object.keys(s.points)) names.add(k);
  }
  return names;
}

describe('simulated points have names (issue 34 item 6)', () => {
  it('names every point the simulator sends in every language', () => {
    const points = simulatedPoints();
    expect(points).toContain('BatA');
    expect(points).toContain('Tou1');
    const paramPoints = new Map(PARAM_KEYS.map((k) => [PARAM_SPECS[k].point, k]));
    for (const { languageCode } of LANGUAGES) {
      const fleet = texts(languageCode, 'fleet').fleet!.point!;
      const fields = texts(languageCode, 'deviceParams').deviceParams!.field!;
      const unnamed = [...points].filter((p) => {
        const param = /^Tou(N|\d+)$/.test(p) ? 'touSlots' : paramPoints.get(p);
        return param ? !fields[param] : !fleet[p];
      });
      expect(unnamed, languageCode).toEqual([]);
    }
  });
});
