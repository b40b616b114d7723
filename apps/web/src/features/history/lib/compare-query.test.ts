import { MAX_COMPARE_SITES } from '@ems/contract/api/station';
import { describe, expect, it } from 'vitest';
import { compareHref, compareSearch, isAllowedSelection, parseCompareQuery } from './compare-query';

const parse = (search: string) => parseCompareQuery(new URLSearchParams(search));

describe('parseCompareQuery', () => {
  it('reads repeated ids in order, with period, date and metric', () => {
    expect(
      parse('stationIds=7&stationIds=3&statisticsType=1&searchDate=2026-11-02&metric=gridBuyKwh'),
    ).toEqual({
      stationIds: [7, 3],
      dropped: 0,
      period: 1,
      searchDate: '2026-11-02',
      metric: 'gridBuyKwh',
    });
  });

  it('keeps the first four of five ids and counts the one left out (the contract cap)', () => {
    expect(MAX_COMPARE_SITES).toBe(4);
    const q = parse('stationIds=1&stationIds=2&stationIds=3&stationIds=4&stationIds=5');
    expect(q.stationIds).toEqual([1, 2, 3, 4]);
    expect(q.dropped).toBe(1);
  });

  it('skips repeats and ids outside 1..INT32_MAX, and accepts a comma list', () => {
    const q = parse(
      'stationIds=2,2,0&stationIds=-1&stationIds=abc&stationIds=2147483648&stationIds=1.5&stationIds=9',
    );
    expect(q.stationIds).toEqual([2, 9]);
    expect(q.dropped).toBe(0);
  });

  it('falls back to Month, production and no date on unknown values', () => {
    expect(parse('statisticsType=4&searchDate=2026-02-30&metric=soc')).toEqual({
      stationIds: [],
      dropped: 0,
      period: 2,
      searchDate: null,
      metric: 'productionKwh',
    });
  });
});

describe('isAllowedSelection', () => {
  it('allows up to four sites and refuses a fifth', () => {
    expect(isAllowedSelection([])).toBe(true);
    expect(isAllowedSelection([1, 2, 3, 4])).toBe(true);
    expect(isAllowedSelection([1, 2, 3, 4, 5])).toBe(false);
  });
});

describe('compareSearch and compareHref', () => {
  it('round-trips through parseCompareQuery', () => {
    const value = { stationIds: [4, 1], period: 3, searchDate: '2026-05-01', metric: 'gridSellKwh' } as const;
    expect(parseCompareQuery(compareSearch({ ...value, stationIds: [...value.stationIds] }))).toEqual({
      ...value,
      stationIds: [4, 1],
      dropped: 0,
    });
  });

  it('opens the comparison from a site history, Total as Year', () => {
    expect(compareHref(12, 4, '2026-11-25')).toBe(
      '/history/compare?stationIds=12&statisticsType=3&searchDate=2026-11-25&metric=productionKwh',
    );
    expect(compareHref(12, 1, '2026-11-25')).toContain('statisticsType=1');
  });
});
