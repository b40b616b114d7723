import { describe, expect, it } from 'vitest';
import { groupPoints } from './device-points';

describe('groupPoints', () => {
  it('shows a UPS’s on-battery state, input and output voltage and temperature in their groups', () => {
    const groups = groupPoints({
      W: 800,
      SoC: 97,
      VIn: 0,
      VOut: 230,
      Hz: 50,
      OnBattery: true,
      TmpCab: 31,
      WH: 12,
    });
    expect(groups.map((g) => g.group)).toEqual(['status', 'ac', 'battery', 'energy', 'environment']);
    expect(groups[0]!.items).toEqual([{ key: 'OnBattery', kind: 'boolean', value: true, known: true }]);
    expect(groups[1]!.items.map((i) => i.key)).toEqual(['W', 'Hz', 'VIn', 'VOut']);
  });

  it('shows a sensor’s temperature and humidity, and an unknown point under other', () => {
    const groups = groupPoints({ RH: 41, TmpAmb: 22.5, Lux: 300 });
    expect(groups).toEqual([
      {
        group: 'environment',
        items: [
          { key: 'TmpAmb', kind: 'temperature', value: 22.5, known: true },
          { key: 'RH', kind: 'percent', value: 41, known: true },
        ],
      },
      { group: 'other', items: [{ key: 'Lux', kind: 'raw', value: 300, known: false }] },
    ]);
  });

  it('puts a charger’s connector status and session energy under charging', () => {
    const groups = groupPoints({ ConnectorStatus: 'Charging', SessionWh: 4200, W: 7000 });
    expect(groups.find((g) => g.group === 'charging')!.items.map((i) => i.key)).toEqual([
      'ConnectorStatus',
      'SessionWh',
    ]);
  });
});
