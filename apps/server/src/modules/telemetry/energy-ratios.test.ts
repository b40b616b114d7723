import { describe, expect, it } from 'vitest';
import { selfConsumption, selfSufficiency } from './energy-ratios';

describe('energy ratios', () => {
  it('computes self-sufficiency clamped to 0–100, 100 without consumption', () => {
    expect(selfSufficiency(2, 10)).toBe(80);
    expect(selfSufficiency(15, 10)).toBe(0);
    expect(selfSufficiency(0, 0)).toBe(100);
    expect(selfSufficiency(null, null)).toBe(100);
    expect(selfSufficiency(null, 5)).toBeNull();
  });

  it('computes self-consumption with floor 0, 0 without production', () => {
    expect(selfConsumption(3, 12)).toBe(75);
    expect(selfConsumption(20, 12)).toBe(0);
    expect(selfConsumption(0, 0)).toBe(0);
    expect(selfConsumption(null, null)).toBe(0);
    expect(selfConsumption(1, 3)).toBe(66.7);
  });
});
