import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { decimalsOf, paramValueText } from './param-text';

/** A t that shows which key (and values) it was asked for. */
const t = ((key: string, opts?: Record<string, unknown>) =>
  opts ? `${key}${JSON.stringify(opts)}` : key) as unknown as TFunction;

describe('parameter values in words (issue 21 item 5)', () => {
  it('writes numbers with the contract unit after a non-breaking space and the step’s decimals', () => {
    expect(paramValueText('socLowerOnGrid', 35, t, 'en-US')).toBe('35\u00a0%');
    expect(paramValueText('exportLimitW', 12_500, t, 'pt-BR')).toBe('12.500\u00a0W');
    expect(paramValueText('calBatteryVoltageA', 1.0126, t, 'en-US')).toBe('1.013');
    expect(paramValueText('calBatteryCurrentB', -0.5, t, 'cs-CZ')).toBe('-0,50\u00a0A');
    expect(decimalsOf({ step: 100 })).toBe(0);
    // A battery power limit at the top means no limit (the default), not "100,000 W" on a 6 kW inverter.
    expect(paramValueText('chargePowerMaxW', 100_000, t, 'en-US')).toBe('deviceParams.noLimit');
    expect(paramValueText('dischargePowerMaxW', 6000, t, 'en-US')).toBe('6,000\u00a0W');
    expect(paramValueText('exportLimitW', 100_000, t, 'en-US')).toBe('100,000\u00a0W');
    expect(decimalsOf({ step: 0.01 })).toBe(2);
  });

  it('says options, on/off and periods with their keys, and a missing value as –', () => {
    expect(paramValueText('operatingMode', 'peakShift', t, 'en-US')).toBe(
      'deviceParams.option.operatingMode.peakShift',
    );
    expect(paramValueText('antiBackflow', true, t, 'en-US')).toBe('deviceParams.on');
    expect(paramValueText('touSlots', [], t, 'en-US')).toBe('deviceParams.slots.none');
    expect(
      paramValueText(
        'touSlots',
        [{ start: '22:00', end: '24:00', kind: 'valley', action: 'charge', powerW: 3000 }],
        t,
        'en-US',
      ),
    ).toBe('22:00–24:00 deviceParams.slotKind.valley, deviceParams.slotAction.charge, 3,000\u00a0W');
    expect(paramValueText('socLowerOffGrid', null, t, 'en-US')).toBe('–');
    expect(paramValueText('socLowerOffGrid', undefined, t, 'en-US')).toBe('–');
  });
});
