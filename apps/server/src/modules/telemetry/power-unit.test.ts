import { describe, expect, it } from 'vitest';
import { kwh, maxAbs, pickPowerUnit, round, scalePower } from './power-unit';

describe('power unit', () => {
  it('picks W below 1 kW, kW below 10 MW, MW from 10 MW', () => {
    expect(pickPowerUnit(0)).toBe('W');
    expect(pickPowerUnit(999.9)).toBe('W');
    expect(pickPowerUnit(1000)).toBe('kW');
    expect(pickPowerUnit(9_999_999)).toBe('kW');
    expect(pickPowerUnit(10_000_000)).toBe('MW');
  });

  it('takes the largest absolute value across series, ignoring gaps', () => {
    expect(maxAbs([[1, null, -2500], [null], [800]])).toBe(2500);
    expect(maxAbs([[null]])).toBe(0);
  });

  it('scales and rounds values, keeping gaps', () => {
    expect(scalePower(2345.67, 'kW')).toBe(2.346);
    expect(scalePower(-1500, 'kW')).toBe(-1.5);
    expect(scalePower(12_345_678, 'MW')).toBe(12.346);
    expect(scalePower(12.34, 'W')).toBe(12.3);
    expect(scalePower(null, 'kW')).toBeNull();
    expect(round(-0.0001, 2)).toBe(0);
  });

  it('turns Wh into kWh to 1 Wh, gaps (null or absent) staying null', () => {
    expect(kwh(12_345.6)).toBe(12.346);
    expect(kwh(-0.4)).toBe(0);
    expect(kwh(null)).toBeNull();
    expect(kwh(undefined)).toBeNull();
  });
});
