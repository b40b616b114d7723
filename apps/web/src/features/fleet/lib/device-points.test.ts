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

describe('groupPoints of a hybrid inverter (issue 34 item 6)', () => {
  it('places its battery and bus measurements with their unit, its settings by parameter', () => {
    const groups = groupPoints({
      BatA: 5.09,
      BatV: 370.8,
      BusV: 400.05,
      DCOutV: 372.8,
      TotWhAbs: 0,
      CalBatVB: 0,
      CalBatVA: 1,
      OpMod: 'selfUse',
      ChaGriSet: 1,
      ExpLimEna: false,
      ExpLimW: 3000,
      TouN: 1,
      Tou1: '00:00-06:00 valley charge 3000',
      BoxT: 30.5,
    });
    const of = (group: string) => groups.find((g) => g.group === group)?.items ?? [];
    expect(of('battery').map((i) => [i.key, i.kind])).toEqual([
      ['BatV', 'voltage'],
      ['BatA', 'current'],
    ]);
    expect(of('dc').map((i) => [i.key, i.kind])).toEqual([
      ['BusV', 'voltage'],
      ['DCOutV', 'voltage'],
    ]);
    expect(of('energy').map((i) => [i.key, i.kind])).toEqual([['TotWhAbs', 'energyWh']]);
    const settings = Object.fromEntries(of('settings').map((i) => [i.key, [i.param, i.kind]]));
    expect(settings).toEqual({
      CalBatVA: ['calBatteryVoltageA', 'raw'],
      CalBatVB: ['calBatteryVoltageB', 'voltage'],
      ChaGriSet: ['chargeMode', 'enum'],
      ExpLimEna: ['antiBackflow', 'boolean'],
      ExpLimW: ['exportLimitW', 'power'],
      OpMod: ['operatingMode', 'enum'],
      Tou1: ['touSlots', 'raw'],
      TouN: ['touSlots', 'raw'],
    });
    // Unknown: under its code, with the unit its name implies (none here: "BoxT" says nothing).
    expect(of('other')).toEqual([{ key: 'BoxT', kind: 'raw', value: 30.5, known: false }]);
    expect(groupPoints({ FanV: 12 })[0]!.items[0]!.kind).toBe('voltage');
  });
});
