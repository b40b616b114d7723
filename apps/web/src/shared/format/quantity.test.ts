import { describe, expect, it } from 'vitest';
import {
  energyFormatter,
  formatCurrent,
  formatEnergy,
  formatNumber,
  formatPercent,
  formatPower,
  formatTemperature,
  formatVoltage,
  MISSING,
  NBSP,
  powerFormatter,
  powerUnitFor,
} from './quantity';

const s = (text: string) => text.replaceAll(' ', NBSP);

describe('power', () => {
  it('writes W without decimals below 1 kW', () => {
    expect(formatPower(0, 'en-US')).toBe(s('0 W'));
    expect(formatPower(49.6, 'en-US')).toBe(s('50 W'));
    expect(formatPower(999, 'en-US')).toBe(s('999 W'));
  });

  it('writes kW with 1 decimal from 1 kW and MW from 10 MW', () => {
    expect(formatPower(1000, 'en-US')).toBe(s('1.0 kW'));
    expect(formatPower(5234, 'en-US')).toBe(s('5.2 kW'));
    expect(formatPower(9_999_000, 'en-US')).toBe(s('9,999.0 kW'));
    expect(formatPower(12_340_000, 'en-US')).toBe(s('12.3 MW'));
  });

  it('keeps the sign', () => {
    expect(formatPower(-2500, 'en-US')).toBe(s('-2.5 kW'));
  });

  it('uses the locale separators', () => {
    expect(formatPower(1234567, 'de-DE')).toBe(s('1.234,6 kW'));
    expect(formatPower(5234, 'pt-BR')).toBe(s('5,2 kW'));
    expect(formatPower(5234, 'zh-CN')).toBe(s('5.2 kW'));
  });

  it('chooses one unit per group from the largest value', () => {
    const fmt = powerFormatter([5200, 800, null], 'en-US');
    expect(fmt(5200)).toBe(s('5.2 kW'));
    expect(fmt(800)).toBe(s('0.8 kW'));
    expect(fmt(null)).toBe(MISSING);
  });

  it('never writes a small load as 0.0 kW', () => {
    const fmt = powerFormatter([5200, 30], 'en-US');
    expect(fmt(30)).toBe(s('30 W'));
    expect(fmt(0)).toBe(s('0 W'));
  });

  it('picks units at the documented thresholds', () => {
    expect(powerUnitFor(999)).toBe('W');
    expect(powerUnitFor(1000)).toBe('kW');
    expect(powerUnitFor(9_999_999)).toBe('kW');
    expect(powerUnitFor(10_000_000)).toBe('MW');
  });
});

describe('energy', () => {
  it('writes kWh with 1 decimal, MWh and GWh when large', () => {
    expect(formatEnergy(5.19, 'en-US')).toBe(s('5.2 kWh'));
    expect(formatEnergy(0, 'en-US')).toBe(s('0.0 kWh'));
    expect(formatEnergy(9999, 'en-US')).toBe(s('9,999.0 kWh'));
    expect(formatEnergy(12_345, 'en-US')).toBe(s('12.3 MWh'));
    expect(formatEnergy(25_000_000, 'en-US')).toBe(s('25.0 GWh'));
  });

  it('converts a whole group to the unit of its largest value', () => {
    const fmt = energyFormatter([20_000, 512], 'en-US');
    expect(fmt(512)).toBe(s('0.5 MWh'));
  });
});

describe('other units', () => {
  it('formats %, V and °C without decimals and A with 1', () => {
    expect(formatPercent(85.4, 'en-US')).toBe(s('85 %'));
    expect(formatVoltage(230.6, 'en-US')).toBe(s('231 V'));
    expect(formatTemperature(24.5, 'en-US')).toBe(s('25 °C'));
    expect(formatCurrent(12.34, 'en-US')).toBe(s('12.3 A'));
    expect(formatCurrent(12.34, 'pt-BR')).toBe(s('12,3 A'));
  });

  it('shows a missing value as a dash, never 0', () => {
    for (const f of [
      formatPower,
      formatEnergy,
      formatPercent,
      formatVoltage,
      formatCurrent,
      formatTemperature,
    ]) {
      expect(f(null, 'en-US')).toBe(MISSING);
      expect(f(undefined, 'en-US')).toBe(MISSING);
      expect(f(Number.NaN, 'en-US')).toBe(MISSING);
    }
    expect(formatNumber(null, 'en-US')).toBe('–');
  });

  it('never prints negative zero', () => {
    expect(formatNumber(-0.01, 'en-US', 1)).toBe('0.0');
  });
});
