import { describe, expect, it } from 'vitest';
import { solarShare } from './solar';

describe('solarShare', () => {
  it('is kWh from surplus over kWh charged, in %, and nothing before anything was charged', () => {
    expect(solarShare(3, 4)).toBe(75);
    expect(solarShare(0, 2)).toBe(0);
    expect(solarShare(0, 0)).toBeNull();
    expect(solarShare(4.2, 4)).toBe(100);
  });
});
