import { describe, expect, it } from 'vitest';
import { counterDelta, counterDeltas } from './counter-delta';

describe('counter deltas', () => {
  it('takes each bucket from the previous bucket’s last value', () => {
    const r = counterDeltas(1000, [
      { max: 1500, min: 1100 },
      { max: 2500, min: 1600 },
    ]);
    expect(r).toEqual([500, 1000]);
  });

  it('uses the bucket’s own minimum for the first data ever', () => {
    expect(counterDeltas(null, [{ max: 1500, min: 1100 }])).toEqual([400]);
  });

  it('keeps gaps as null and counts the gap’s energy in the next bucket with data', () => {
    expect(
      counterDeltas(100, [
        { max: 200, min: 150 },
        { max: null, min: null },
        { max: 500, min: 450 },
      ]),
    ).toEqual([100, null, 300]);
  });

  it('counts a reset counter from 0, never negative', () => {
    expect(counterDeltas(9000, [{ max: 300, min: 10 }])).toEqual([300]);
    expect(counterDelta(9000, 300)).toBe(300);
    expect(counterDelta(null, 300)).toBeNull();
    expect(counterDelta(100, 100)).toBe(0);
  });
});
