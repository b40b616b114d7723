import { describe, expect, it } from 'vitest';
import { localParts } from '../../shared/zoned-time';
import { bucketIndexOf, dayBuckets, localDayRange, statisticsBuckets } from './bucket-edges';

const iso = (t: number) => new Date(t).toISOString();

describe('bucket edges', () => {
  it('cuts an ordinary day into 24 hours or 288 five-minute buckets', () => {
    const hours = dayBuckets({ year: 2026, month: 6, day: 10 }, 'Europe/Berlin', 60);
    expect(hours).toHaveLength(24);
    expect(iso(hours[0]!.start)).toBe('2026-06-09T22:00:00.000Z');
    expect(hours[0]!.label).toBe('00:00');
    expect(hours[23]!.label).toBe('23:00');
    expect(dayBuckets({ year: 2026, month: 6, day: 10 }, 'Europe/Berlin', 5)).toHaveLength(288);
  });

  it('gives 23 hours on the spring DST day and 25 on the autumn one (Europe/Berlin)', () => {
    const spring = dayBuckets({ year: 2026, month: 3, day: 29 }, 'Europe/Berlin', 60);
    expect(spring).toHaveLength(23);
    expect(spring.map((b) => b.label).slice(0, 4)).toEqual(['00:00', '01:00', '03:00', '04:00']);
    const autumn = dayBuckets({ year: 2026, month: 10, day: 25 }, 'Europe/Berlin', 60);
    expect(autumn).toHaveLength(25);
    expect(autumn.map((b) => b.label).slice(1, 5)).toEqual(['01:00', '02:00', '02:00', '03:00']);
    expect(dayBuckets({ year: 2026, month: 10, day: 25 }, 'Europe/Berlin', 15)).toHaveLength(100);
  });

  it('cuts half-hour DST shifts with a short last bucket (Australia/Lord_Howe)', () => {
    const day = dayBuckets({ year: 2026, month: 4, day: 5 }, 'Australia/Lord_Howe', 60);
    const { start, end } = localDayRange({ year: 2026, month: 4, day: 5 }, 'Australia/Lord_Howe');
    expect(end - start).toBe(24.5 * 3_600_000);
    expect(day).toHaveLength(25);
    expect(day[24]!.end - day[24]!.start).toBe(1_800_000);
  });

  it('builds month, year and total buckets on local midnights', () => {
    const month = statisticsBuckets(2, { year: 2026, month: 2, day: 10 }, 'Asia/Shanghai');
    expect(month).toHaveLength(28);
    expect(month[0]!.label).toBe('2026-02-01');
    expect(iso(month[0]!.start)).toBe('2026-01-31T16:00:00.000Z');
    const year = statisticsBuckets(3, { year: 2026, month: 2, day: 10 }, 'Europe/Berlin');
    expect(year.map((b) => b.label)).toHaveLength(12);
    expect(iso(year[3]!.start)).toBe('2026-03-31T22:00:00.000Z');
    expect(year[11]!.end).toBe(Date.parse('2026-12-31T23:00:00Z'));
    const total = statisticsBuckets(4, { year: 2026, month: 2, day: 10 }, 'UTC', { firstYear: 2024 });
    expect(total.map((b) => b.label)).toEqual(['2024', '2025', '2026']);
  });

  it('finds the bucket of an instant', () => {
    const hours = dayBuckets({ year: 2026, month: 6, day: 10 }, 'UTC', 60);
    expect(bucketIndexOf(hours, Date.parse('2026-06-10T00:00:00Z'))).toBe(0);
    expect(bucketIndexOf(hours, Date.parse('2026-06-10T13:59:59Z'))).toBe(13);
    expect(bucketIndexOf(hours, Date.parse('2026-06-11T00:00:00Z'))).toBe(-1);
    expect(bucketIndexOf(hours, Date.parse('2026-06-09T23:59:59Z'))).toBe(-1);
  });

  it('labels every bucket with its local time in zones with half-hour, 45-minute and DST offsets', () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const zones = [
      'Europe/Berlin',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'Australia/Lord_Howe',
      'Pacific/Honolulu',
    ];
    const dates = [
      { year: 2026, month: 1, day: 15 },
      { year: 2026, month: 3, day: 29 },
      { year: 2026, month: 4, day: 5 },
      { year: 2026, month: 10, day: 4 },
      { year: 2026, month: 10, day: 25 },
    ];
    for (const tz of zones) {
      for (const date of dates) {
        const buckets = dayBuckets(date, tz, 15);
        expect(buckets.length).toBeGreaterThan(80);
        for (const b of buckets) {
          const p = localParts(b.start, tz);
          expect(b.label).toBe(`${pad(p.hour)}:${pad(p.minute)}`);
        }
      }
    }
    // Lord Howe moves its clock by 30 minutes: 24.5 hours on 5 April 2026 (clocks back), 23.5 on 4 October.
    expect(dayBuckets({ year: 2026, month: 4, day: 5 }, 'Australia/Lord_Howe', 30)).toHaveLength(49);
  });
});
