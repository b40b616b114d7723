import type { DeviceReal, EnergyTotals } from '@ems/contract/api/station';
import { describe, expect, it } from 'vitest';
import { typeHighlights } from './type-highlights';

const today = (over: Partial<EnergyTotals> = {}) =>
  ({
    productionKwh: null,
    consumptionKwh: null,
    gridBuyKwh: null,
    gridSellKwh: null,
    chargeKwh: null,
    dischargeKwh: null,
    ...over,
  }) as EnergyTotals;
const device = (deviceId: number, type: DeviceReal['type'], points: DeviceReal['points']): DeviceReal => ({
  deviceId,
  type,
  online: true,
  lastSeen: null,
  ts: null,
  todayKwh: null,
  points,
});

describe('typeHighlights', () => {
  it('gives a PV site its specific yield in kWh per kWp', () => {
    expect(
      typeHighlights(1, { today: today({ productionKwh: 30 }), soc: null, devices: [], capacity: 10 }),
    ).toEqual([{ key: 'specificYield', kwhPerKwp: 3 }]);
  });

  it('gives a UPS site each UPS’s on-battery state, load and SOC', () => {
    const ups = device(5, 'ups', { OnBattery: true, W: 800, SoC: 90, VIn: 0 });
    expect(typeHighlights(7, { today: today(), soc: null, devices: [ups], capacity: 3 })).toEqual([
      { key: 'ups', deviceId: 5, onBattery: true, loadW: 800, soc: 90 },
    ]);
  });

  it('gives a charging site each connector’s state and a P&E site its sensors', () => {
    const charger = device(7, 'charger', { ConnectorStatus: 'Charging', W: 7000 });
    expect(typeHighlights(2, { today: today(), soc: null, devices: [charger], capacity: 22 })).toEqual([
      { key: 'connector', deviceId: 7, status: 'Charging', powerW: 7000 },
    ]);
    const sensor = device(9, 'sensor', { TmpAmb: 21, RH: 40 });
    expect(typeHighlights(3, { today: today(), soc: null, devices: [sensor], capacity: 0 })).toEqual([
      { key: 'environment', deviceId: 9, temperature: 21, humidity: 40 },
    ]);
  });
});
