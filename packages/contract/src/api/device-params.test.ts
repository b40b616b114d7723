import { describe, expect, it } from 'vitest';
import { translate } from '../messages';
import {
  DeviceParamsPatchSchema,
  DeviceParamsSchema,
  diffParams,
  PARAM_DEFAULTS,
  PARAM_KEYS,
  type TouSlot,
} from './device-params';
import { paramsFromPoints, paramsToPoints } from './device-params-points';

/** Catalogue keys of every issue of `schema` on `value`, with their paths. */
const issues = (schema: typeof DeviceParamsSchema | typeof DeviceParamsPatchSchema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const full = (over: Record<string, unknown>) => ({ ...PARAM_DEFAULTS, ...over });

describe('spec §5 SOC rules (issue 21 §1, §7)', () => {
  it('the defaults keep the gap rule: grid-tied 20 (spec §9), off-grid 10', () => {
    expect(PARAM_DEFAULTS.socLowerOnGrid).toBe(20);
    expect(PARAM_DEFAULTS.socLowerOffGrid).toBe(10);
    expect(issues(DeviceParamsSchema, PARAM_DEFAULTS)).toEqual([]);
  });

  it('takes 5 and 80, refuses 4 and 81 as data out of range', () => {
    expect(issues(DeviceParamsSchema, full({ socLowerOnGrid: 80, socLowerOffGrid: 5 }))).toEqual([]);
    expect(issues(DeviceParamsPatchSchema, { socLowerOffGrid: 5 })).toEqual([]);
    expect(issues(DeviceParamsPatchSchema, { socLowerOnGrid: 80 })).toEqual([]);
    expect(issues(DeviceParamsPatchSchema, { socLowerOffGrid: 4 })).toEqual([
      'socLowerOffGrid: common.outOfRange',
    ]);
    expect(issues(DeviceParamsPatchSchema, { socLowerOnGrid: 81 })).toEqual([
      'socLowerOnGrid: common.outOfRange',
    ]);
    expect(issues(DeviceParamsPatchSchema, { socLowerOnGrid: 20.5 })).toEqual([
      'socLowerOnGrid: common.outOfRange',
    ]);
  });

  it('a gap of exactly 10 passes, 9 fails on both limits with the wording of each direction', () => {
    expect(issues(DeviceParamsSchema, full({ socLowerOnGrid: 30, socLowerOffGrid: 20 }))).toEqual([]);
    expect(issues(DeviceParamsSchema, full({ socLowerOnGrid: 80, socLowerOffGrid: 70 }))).toEqual([]);
    expect(issues(DeviceParamsSchema, full({ socLowerOnGrid: 15, socLowerOffGrid: 5 }))).toEqual([]);
    const gap9 = ['socLowerOnGrid: params.socGapOnGrid', 'socLowerOffGrid: params.socGapOffGrid'];
    expect(issues(DeviceParamsSchema, full({ socLowerOnGrid: 29, socLowerOffGrid: 20 }))).toEqual(gap9);
    expect(issues(DeviceParamsSchema, full({ socLowerOnGrid: 30, socLowerOffGrid: 21 }))).toEqual(gap9);
    // The off-grid limit above the grid-tied one fails the same way.
    expect(issues(DeviceParamsPatchSchema, { socLowerOnGrid: 20, socLowerOffGrid: 40 })).toEqual(gap9);
    // At the edges of the range: 5/5 and 80/80.
    expect(issues(DeviceParamsSchema, full({ socLowerOnGrid: 5, socLowerOffGrid: 5 }))).toEqual(gap9);
    expect(issues(DeviceParamsSchema, full({ socLowerOnGrid: 80, socLowerOffGrid: 80 }))).toEqual(gap9);
  });

  it('says the rule in spec §5 words in every language', () => {
    expect(translate('params.socGapOnGrid', 'en-US')).toMatch(
      /grid-tied lower SOC limit must be at least 10% above/,
    );
    expect(translate('params.socGapOffGrid', 'en-US')).toMatch(
      /off-grid lower SOC limit must be at least 10% below/,
    );
    expect(translate('params.socGapOnGrid', 'zh-CN')).toContain('并网');
    expect(translate('params.socGapOffGrid', 'pt-BR')).toContain('fora da rede');
  });
});

describe('other parameter rules', () => {
  const slot = (start: string, end: string): TouSlot => ({
    start,
    end,
    kind: 'valley',
    action: 'charge',
    powerW: 3000,
  });

  it('periods end after they start, do not overlap, 10 at most', () => {
    expect(
      issues(DeviceParamsPatchSchema, { touSlots: [slot('00:00', '06:00'), slot('22:00', '24:00')] }),
    ).toEqual([]);
    expect(issues(DeviceParamsPatchSchema, { touSlots: [slot('22:00', '06:00')] })).toEqual([
      'touSlots.0.end: params.slotOrder',
    ]);
    expect(
      issues(DeviceParamsPatchSchema, { touSlots: [slot('00:00', '06:00'), slot('05:00', '07:00')] }),
    ).toEqual(['touSlots.1.start: params.slotOverlap']);
    const eleven = Array.from({ length: 11 }, (_, i) =>
      slot(`${String(i).padStart(2, '0')}:00`, `${String(i).padStart(2, '0')}:30`),
    );
    expect(issues(DeviceParamsPatchSchema, { touSlots: eleven })).toEqual(['touSlots: common.outOfRange']);
  });

  it('a set names at least one known parameter', () => {
    expect(issues(DeviceParamsPatchSchema, {})).toEqual([': params.empty']);
    expect(issues(DeviceParamsPatchSchema, { maxSoc: 90 })).not.toEqual([]);
  });

  it('leaves out values the device already has', () => {
    const d = diffParams(
      { socLowerOnGrid: 30, touSlots: [slot('00:00', '06:00')], antiBackflow: true },
      { socLowerOnGrid: 30, touSlots: [slot('00:00', '06:00')], antiBackflow: false },
    );
    expect(d).toEqual({ changed: { antiBackflow: true }, unchanged: ['socLowerOnGrid', 'touSlots'] });
    // A parameter never reported is written.
    expect(diffParams({ wiring: 'threeWire' }, {}).changed).toEqual({ wiring: 'threeWire' });
  });

  it('reports every parameter in telemetry points and reads them back', () => {
    const params = full({
      chargeMode: 'pvAndGrid',
      chargePowerMaxW: 2500,
      dischargePowerMaxW: 3000,
      touSlots: [slot('00:00', '06:00'), slot('22:00', '24:00')],
    });
    const points = paramsToPoints(params);
    expect(points).toMatchObject({
      SoCRsvMin: 20,
      ChaGriSet: 1,
      ChaWMax: 2500,
      DisChaWMax: 3000,
      TouN: 2,
      Tou2: '22:00-24:00 valley charge 3000',
    });
    for (const v of Object.values(points))
      if (typeof v === 'string') expect(v.length).toBeLessThanOrEqual(64);
    expect(paramsFromPoints(points)).toEqual(params);
    expect(Object.keys(paramsFromPoints(points))).toHaveLength(PARAM_KEYS.length);
    // Points of other meanings and invalid values are not parameters.
    expect(paramsFromPoints({ W: 100, SoCRsvMin: 120, OpMod: 'turbo', ChaWMax: 100_001 })).toEqual({});
  });
});
