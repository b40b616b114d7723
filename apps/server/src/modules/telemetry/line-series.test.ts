import { describe, expect, it } from 'vitest';
import { applyPowerUnit, deviceSeries, siteSeries } from './line-series';

describe('line series', () => {
  it('builds only the series of device types the site has', () => {
    const series = siteSeries([{ type: 'inverter', w: [1000, null], soc: [null, null] }], 2);
    expect(series).toEqual([
      { key: 'production', unit: 'W', values: [1000, null] },
      { key: 'consumption', unit: 'W', values: [1000, null] },
    ]);
  });

  it('splits grid and battery power by sign and makes consumption unknown when a type has no data', () => {
    const series = siteSeries(
      [
        { type: 'inverter', w: [3000, 0], soc: [null, null] },
        { type: 'meter', w: [-1000, null], soc: [null, null] },
        { type: 'battery', w: [-500, 800], soc: [50, 48] },
      ],
      2,
    );
    const by = Object.fromEntries(series.map((s) => [s.key, s.values]));
    expect(by).toEqual({
      production: [3000, 0],
      consumption: [1500, null],
      gridBuy: [0, null],
      gridSell: [1000, null],
      charge: [500, 0],
      discharge: [0, 800],
      soc: [50, 48],
    });
  });

  it('adds the chargers’ power together as charging (issue 33)', () => {
    const series = siteSeries(
      [
        { type: 'meter', w: [-1000, 500], soc: [null, null] },
        { type: 'charger', w: [3000, null], soc: [null, null] },
        { type: 'charger', w: [2000, 1000], soc: [null, null] },
      ],
      2,
    );
    expect(series.find((s) => s.key === 'charging')).toEqual({
      key: 'charging',
      unit: 'W',
      values: [5000, 1000],
    });
  });

  it('gives a device its W, and SoC for batteries and UPS units', () => {
    expect(deviceSeries({ type: 'ups', w: [5], soc: [99] }).map((s) => s.key)).toEqual(['W', 'SoC']);
    expect(deviceSeries({ type: 'meter', w: [5], soc: [null] }).map((s) => s.key)).toEqual(['W']);
  });

  it('puts all power series in one unit from the largest value, SOC stays %', () => {
    const scaled = applyPowerUnit(
      [
        { key: 'production', unit: 'W', values: [12_500, null] },
        { key: 'gridBuy', unit: 'W', values: [250, 0] },
        { key: 'soc', unit: '%', values: [55.55, null] },
      ],
      true,
    );
    expect(scaled).toEqual([
      { key: 'production', unit: 'kW', values: [12.5, null] },
      { key: 'gridBuy', unit: 'kW', values: [0.25, 0] },
      { key: 'soc', unit: '%', values: [55.6, null] },
    ]);
    expect(applyPowerUnit([{ key: 'production', unit: 'W', values: [12_500.04] }], false)).toEqual([
      { key: 'production', unit: 'W', values: [12_500] },
    ]);
  });
});
