import { describe, expect, it } from 'vitest';
import { findRuns, solarShare } from './runs';

const min = 60_000;

describe('findRuns', () => {
  it('finds sessions, keeps their largest value and marks the last one ongoing', () => {
    const s = (m: number, on: boolean, value: number | null = null) => ({ ts: m * min, on, value });
    const runs = findRuns(
      [s(0, false), s(1, true, 0), s(2, true, 500), s(3, false), s(10, true, 100), s(11, true, 900)],
      5 * min,
    );
    expect(runs).toEqual([
      { start: 1 * min, end: 2 * min, ongoing: false, maxValue: 500, minValue: 0 },
      { start: 10 * min, end: 11 * min, ongoing: true, maxValue: 900, minValue: 100 },
    ]);
  });
  it('closes a run across a data gap', () => {
    const runs = findRuns(
      [
        { ts: 0, on: true, value: null },
        { ts: 60 * min, on: true, value: null },
      ],
      5 * min,
    );
    expect(runs.map((r) => [r.start, r.end])).toEqual([
      [0, 0],
      [60 * min, 60 * min],
    ]);
  });
});

describe('solarShare', () => {
  it('counts charger energy not bought from the grid', () => {
    // 7 kW charging: first bucket all bought, second 3 kW bought, third selling.
    expect(
      solarShare([
        { chargerW: 7000, gridW: 7000 },
        { chargerW: 7000, gridW: 3000 },
        { chargerW: 7000, gridW: -1000 },
      ]),
    ).toBeCloseTo((0 + 4000 + 7000) / 21000);
    expect(solarShare([{ chargerW: 0, gridW: 100 }])).toBeNull();
  });
});
