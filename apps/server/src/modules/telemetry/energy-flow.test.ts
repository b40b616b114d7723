import { describe, expect, it } from 'vitest';
import { deriveFlow, deriveLoadW, deriveTotals, meanSoc, sumByType } from './energy-flow';

describe('energy flow', () => {
  it('sums per device type and keeps unknown types null', () => {
    expect(
      sumByType([
        { type: 'inverter', value: 1000 },
        { type: 'inverter', value: 500 },
        { type: 'meter', value: null },
      ]),
    ).toEqual({ inverter: 1500, meter: null });
  });

  it('derives the load from PV, grid and battery (discharge positive)', () => {
    const power = { inverter: 3000, meter: -1000, battery: -500 };
    expect(deriveFlow(power, 55)).toEqual({
      pvW: 3000,
      gridW: -1000,
      batteryW: -500,
      loadW: 1500,
      chargerW: null,
      soc: 55,
    });
    expect(deriveLoadW({ inverter: 0, meter: 400, battery: 600, charger: 700 })).toBe(1000);
  });

  it('makes the load unknown when a device type the site has is unknown', () => {
    expect(deriveLoadW({ inverter: 3000, meter: null })).toBeNull();
    expect(deriveLoadW({})).toBeNull();
  });

  it('uses charger and UPS power as load on sites without PV, meter or battery', () => {
    expect(deriveLoadW({ charger: 7400 })).toBe(7400);
    expect(deriveLoadW({ ups: 1200 })).toBe(1200);
  });

  it('derives energy totals and consumption with floor 0', () => {
    const totals = deriveTotals({
      eIn: { inverter: 20_000, meter: 3_000, battery: 5_000 },
      eOut: { inverter: null, meter: 8_000, battery: 4_000 },
    });
    expect(totals).toEqual({
      productionKwh: 20,
      consumptionKwh: 14,
      gridBuyKwh: 3,
      gridSellKwh: 8,
      chargeKwh: 5,
      dischargeKwh: 4,
    });
    expect(deriveTotals({ eIn: { inverter: 1000, meter: 0 }, eOut: { meter: 5000 } }).consumptionKwh).toBe(0);
  });

  it('gives a charging site with a meter no production and what it bought as consumption', () => {
    // The chargers (12.3 kWh) sit behind the meter: the site consumed all 15 kWh it bought.
    expect(deriveTotals({ eIn: { charger: 12_345, meter: 15_000 }, eOut: { meter: 0 } })).toMatchObject({
      productionKwh: null,
      consumptionKwh: 15,
      gridBuyKwh: 15,
    });
  });

  it('counts the chargers’ energy as consumption on a site without a meter', () => {
    expect(deriveTotals({ eIn: { charger: 12_345 }, eOut: {} })).toMatchObject({
      productionKwh: null,
      consumptionKwh: 12.345,
    });
  });

  it('leaves totals null where data is missing, never 0', () => {
    expect(deriveTotals({ eIn: { inverter: 1000, meter: null }, eOut: { meter: null } })).toEqual({
      productionKwh: 1,
      consumptionKwh: null,
      gridBuyKwh: null,
      gridSellKwh: null,
      chargeKwh: null,
      dischargeKwh: null,
    });
  });

  it('averages battery SOC, else UPS SOC', () => {
    expect(
      meanSoc([
        { type: 'battery', value: 50 },
        { type: 'battery', value: 61 },
        { type: 'ups', value: 100 },
      ]),
    ).toBe(55.5);
    expect(meanSoc([{ type: 'ups', value: 90 }])).toBe(90);
    expect(meanSoc([{ type: 'battery', value: null }])).toBeNull();
  });
});
