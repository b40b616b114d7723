import { describe, expect, it } from 'vitest';
import {
  canGoBack,
  canGoForward,
  clampToToday,
  isLocalDate,
  periodEnd,
  periodParam,
  periodStart,
  shiftPeriod,
} from './period-nav';

describe('shiftPeriod', () => {
  it('steps days across month and year ends', () => {
    expect(shiftPeriod(1, '2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftPeriod(1, '2026-12-31', 1)).toBe('2027-01-01');
  });
  it('steps months keeping the day where it exists', () => {
    expect(shiftPeriod(2, '2026-03-31', -1)).toBe('2026-02-28');
    expect(shiftPeriod(2, '2024-03-31', -1)).toBe('2024-02-29');
    expect(shiftPeriod(2, '2026-01-15', -1)).toBe('2025-12-15');
  });
  it('steps years and leaves Total alone', () => {
    expect(shiftPeriod(3, '2024-02-29', 1)).toBe('2025-02-28');
    expect(shiftPeriod(4, '2026-05-05', -1)).toBe('2026-05-05');
  });
  it('does not move on the DST change day (calendar arithmetic)', () => {
    expect(shiftPeriod(1, '2026-03-29', 1)).toBe('2026-03-30');
    expect(shiftPeriod(1, '2026-10-25', -1)).toBe('2026-10-24');
  });
});

describe('period bounds', () => {
  it('gives the first and last day of each period', () => {
    expect([periodStart(2, '2026-02-14'), periodEnd(2, '2026-02-14')]).toEqual(['2026-02-01', '2026-02-28']);
    expect([periodStart(3, '2026-02-14'), periodEnd(3, '2026-02-14')]).toEqual(['2026-01-01', '2026-12-31']);
    expect([periodStart(1, '2026-02-14'), periodEnd(1, '2026-02-14')]).toEqual(['2026-02-14', '2026-02-14']);
  });
});

describe('arrows', () => {
  it('disables › once the next period starts after today', () => {
    expect(canGoForward(1, '2026-11-23', '2026-11-23')).toBe(false);
    expect(canGoForward(1, '2026-11-22', '2026-11-23')).toBe(true);
    expect(canGoForward(2, '2026-11-05', '2026-11-23')).toBe(false);
    expect(canGoForward(2, '2026-10-31', '2026-11-23')).toBe(true);
    expect(canGoForward(4, '2020-01-01', '2026-11-23')).toBe(false);
  });
  it('disables ‹ when the previous period ends before the first data', () => {
    expect(canGoBack(1, '2026-10-24', '2026-10-24')).toBe(false);
    expect(canGoBack(1, '2026-10-25', '2026-10-24')).toBe(true);
    expect(canGoBack(2, '2026-11-10', '2026-10-24')).toBe(true);
    expect(canGoBack(2, '2026-10-30', '2026-10-24')).toBe(false);
    expect(canGoBack(2, '2026-10-30', null)).toBe(true);
  });
});

describe('query values', () => {
  it('reads the period and date parameters defensively', () => {
    expect(periodParam('2')).toBe(2);
    expect(periodParam('9')).toBe(1);
    expect(periodParam(null)).toBe(1);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('x')).toBe(false);
    expect(clampToToday('2030-01-01', '2026-11-23')).toBe('2026-11-23');
  });
});
