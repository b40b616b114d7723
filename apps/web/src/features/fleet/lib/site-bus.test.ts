import { describe, expect, it } from 'vitest';
import { siteBus } from './site-bus';

const LIMITS = [{ confType: 3, minAddress: 1, maxAddress: 32, maxDevices: 32 }];

describe('siteBus', () => {
  it('says how many devices still fit on the site bus', () => {
    expect(siteBus(LIMITS, 3)).toEqual({ from: 1, to: 32, max: 32, used: 3, free: 29, full: false });
  });
  it('is full at maxDevices (and beyond, for a site filled before a lower limit)', () => {
    expect(siteBus(LIMITS, 32)).toMatchObject({ free: 0, full: true });
    expect(siteBus(LIMITS, 40)).toMatchObject({ free: 0, full: true });
  });
  it('is unknown until both answers are there, or without a type 3 limit', () => {
    expect(siteBus(undefined, 3)).toBeNull();
    expect(siteBus(LIMITS, undefined)).toBeNull();
    expect(siteBus([{ ...LIMITS[0]!, confType: 4 }], 3)).toBeNull();
  });
});
