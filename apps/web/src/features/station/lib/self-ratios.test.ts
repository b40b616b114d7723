import { describe, expect, it } from 'vitest';
import { selfConsumption, selfSufficiency } from './self-ratios';

describe('selfSufficiency', () => {
  it('is (1 − buy / consumption) × 100', () => {
    expect(selfSufficiency({ gridBuyKwh: 2.5, consumptionKwh: 10 })).toBe(75);
  });

  it('clamps to 0–100 and is 100 without consumption', () => {
    expect(selfSufficiency({ gridBuyKwh: 12, consumptionKwh: 10 })).toBe(0);
    expect(selfSufficiency({ gridBuyKwh: 0, consumptionKwh: 0 })).toBe(100);
  });

  it('is unknown when a total is missing', () => {
    expect(selfSufficiency({ gridBuyKwh: null, consumptionKwh: 10 })).toBeNull();
    expect(selfSufficiency({ gridBuyKwh: 1, consumptionKwh: null })).toBeNull();
  });
});

describe('selfConsumption', () => {
  it('is (1 − sell / production) × 100 with a floor of 0', () => {
    expect(selfConsumption({ gridSellKwh: 4, productionKwh: 16 })).toBe(75);
    expect(selfConsumption({ gridSellKwh: 20, productionKwh: 16 })).toBe(0);
  });

  it('is 0 without production and unknown when a total is missing', () => {
    expect(selfConsumption({ gridSellKwh: 0, productionKwh: 0 })).toBe(0);
    expect(selfConsumption({ gridSellKwh: null, productionKwh: 5 })).toBeNull();
  });
});
