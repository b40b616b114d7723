import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesBetween,
  daysBetween,
  localParts,
  localToday,
  offsetAt,
  parseLocalDate,
  startOfDayAt,
  startOfLocalDay,
  wallToInstant,
} from './zoned-time';

const iso = (t: number) => new Date(t).toISOString();

describe('zoned time', () => {
  it('finds local midnight in summer and winter time', () => {
    expect(iso(startOfLocalDay(2026, 7, 1, 'Europe/Berlin'))).toBe('2026-06-30T22:00:00.000Z');
    expect(iso(startOfLocalDay(2026, 1, 15, 'Europe/Berlin'))).toBe('2026-01-14T23:00:00.000Z');
    expect(iso(startOfLocalDay(2026, 1, 15, 'Asia/Kathmandu'))).toBe('2026-01-14T18:15:00.000Z');
    expect(iso(startOfLocalDay(2026, 3, 1, 'America/Sao_Paulo'))).toBe('2026-03-01T03:00:00.000Z');
  });

  it('reads the offset at an instant', () => {
    expect(offsetAt(Date.parse('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe(7_200_000);
    expect(offsetAt(Date.parse('2026-12-01T12:00:00Z'), 'America/New_York')).toBe(-18_000_000);
  });

  it('resolves ambiguous and skipped wall times', () => {
    // 02:30 happens twice on 2026-10-25 in Berlin: the earlier (summer time) instant wins.
    expect(iso(wallToInstant(Date.UTC(2026, 9, 25, 2, 30), 'Europe/Berlin'))).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // 02:30 does not exist on 2026-03-29: the instant after the gap.
    expect(iso(wallToInstant(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Berlin'))).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // Santiago skips midnight when it springs forward (2026-09-06 00:00 → 01:00): the day starts at 01:00.
    const start = startOfLocalDay(2026, 9, 6, 'America/Santiago');
    expect(localParts(start, 'America/Santiago')).toMatchObject({ day: 6, hour: 1, minute: 0 });
  });

  it('knows the local date of now and the start of its day', () => {
    const now = Date.parse('2026-03-01T23:30:00Z');
    expect(localToday('Asia/Shanghai', now)).toBe('2026-03-02');
    expect(localToday('America/New_York', now)).toBe('2026-03-01');
    expect(iso(startOfDayAt(now, 'Asia/Shanghai'))).toBe('2026-03-01T16:00:00.000Z');
  });

  it('accepts only real calendar dates', () => {
    expect(parseLocalDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseLocalDate('2026-02-29')).toBeNull();
    expect(parseLocalDate('2026-13-45')).toBeNull();
    expect(parseLocalDate('26-1-5')).toBeNull();
  });

  it('walks days by counting them, so a walk ends past year 9999 as well (issue 19 §1)', () => {
    expect(datesBetween('2100-12-30', '2101-01-02')).toEqual([
      '2100-12-30',
      '2100-12-31',
      '2101-01-01',
      '2101-01-02',
    ]);
    expect(datesBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(datesBetween('2026-01-02', '2026-01-01')).toEqual([]);
    // Compared as strings, "+010000-01-01" sorts before "9999-12-31": the old walk never ended here.
    expect(datesBetween('9999-12-30', '9999-12-31')).toHaveLength(2);
    expect(addDays('9999-12-31', 1)).not.toBe('9999-12-31');
    expect(daysBetween('2000-01-01', '2100-12-31')).toBe(36_889);
    expect(() => datesBetween('0001-01-01', '9999-12-31')).toThrow(RangeError);
  });
});
