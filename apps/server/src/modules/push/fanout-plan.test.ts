import { describe, expect, it } from 'vitest';
import { inQuietHours, type RuleForMatch, ruleMatches } from './fanout-plan';
import { lastDue } from './report-period';

const rule = (over: Partial<RuleForMatch> = {}): RuleForMatch => ({
  id: 1,
  userId: 1,
  stationIds: [],
  deviceIds: [],
  alarmLevels: ['general', 'serious', 'fatal'],
  notifyCleared: false,
  quietFrom: null,
  quietTo: null,
  ...over,
});

describe('which rules an alarm matches (issue 20 §3)', () => {
  const alarm = { stationId: 7, deviceId: 70, level: 4 };
  it('by push level, site and device; a cleared alarm only where asked', () => {
    expect(ruleMatches(rule(), alarm, 'raised')).toBe(true);
    expect(ruleMatches(rule({ alarmLevels: ['general', 'fatal'] }), alarm, 'raised')).toBe(false);
    expect(ruleMatches(rule({ stationIds: [8] }), alarm, 'raised')).toBe(false);
    expect(ruleMatches(rule({ stationIds: [7], deviceIds: [71] }), alarm, 'raised')).toBe(false);
    expect(ruleMatches(rule({ deviceIds: [70] }), alarm, 'raised')).toBe(true);
    expect(ruleMatches(rule(), alarm, 'cleared')).toBe(false);
    expect(ruleMatches(rule({ notifyCleared: true }), alarm, 'cleared')).toBe(true);
    // Levels 1–3 are general (spec §4), unknown levels push nothing.
    expect(ruleMatches(rule({ alarmLevels: ['general'] }), { ...alarm, level: 2 }, 'raised')).toBe(true);
    expect(ruleMatches(rule(), { ...alarm, level: 0 }, 'raised')).toBe(false);
  });
});

describe('quiet hours', () => {
  const at = (iso: string) => new Date(iso);
  it('within a day and across midnight, in the user’s zone, the end excluded', () => {
    const day = { quietFrom: '12:00', quietTo: '14:00' };
    expect(inQuietHours(day, at('2026-07-01T10:30:00Z'), 'Europe/Berlin')).toBe(true); // 12:30 CEST
    expect(inQuietHours(day, at('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe(false); // 14:00
    const night = { quietFrom: '22:00', quietTo: '07:00' };
    expect(inQuietHours(night, at('2026-07-01T21:30:00Z'), 'Europe/Berlin')).toBe(true); // 23:30
    expect(inQuietHours(night, at('2026-07-01T04:59:00Z'), 'Europe/Berlin')).toBe(true); // 06:59
    expect(inQuietHours(night, at('2026-07-01T05:00:00Z'), 'Europe/Berlin')).toBe(false); // 07:00
    expect(inQuietHours({ quietFrom: null, quietTo: null }, at('2026-07-01T05:00:00Z'), 'UTC')).toBe(false);
  });
});

describe('report push times (issue 20 §5)', () => {
  const due = (period: 'day' | 'week' | 'month', time: string, tz: string, now: string) => {
    const d = lastDue(period, time, tz, Date.parse(now));
    return { at: new Date(d.dueAt).toISOString(), ...d.period };
  };

  it('daily: the latest push time at or before now, for the previous day', () => {
    expect(due('day', '08:00', 'Asia/Shanghai', '2026-11-25T00:30:00Z')).toMatchObject({
      at: '2026-11-25T00:00:00.000Z',
      key: '2026-11-24',
    });
    expect(due('day', '08:00', 'Asia/Shanghai', '2026-11-24T23:59:00Z')).toMatchObject({
      at: '2026-11-24T00:00:00.000Z',
      key: '2026-11-23',
    });
  });

  it('across DST: a time the clocks skip is pushed as much later as they jumped, the day after as usual', () => {
    // Berlin springs forward on 2026-03-29 at 02:00 → 03:00: 02:30 does not exist that night; it is
    // read as 03:30 (the "compatible" reading of Temporal and of most calendars).
    expect(due('day', '02:30', 'Europe/Berlin', '2026-03-29T01:30:00Z').at).toBe('2026-03-29T01:30:00.000Z');
    expect(due('day', '02:30', 'Europe/Berlin', '2026-03-30T01:00:00Z').at).toBe('2026-03-30T00:30:00.000Z');
    // It falls back on 2026-10-25 (03:00 → 02:00): 02:30 happens twice, pushed at the first.
    expect(due('day', '02:30', 'Europe/Berlin', '2026-10-25T03:00:00Z').at).toBe('2026-10-25T00:30:00.000Z');
    // 08:00 local before and after the change: UTC+1 then UTC+2.
    expect(due('day', '08:00', 'Europe/Berlin', '2026-03-28T12:00:00Z').at).toBe('2026-03-28T07:00:00.000Z');
    expect(due('day', '08:00', 'Europe/Berlin', '2026-03-29T12:00:00Z').at).toBe('2026-03-29T06:00:00.000Z');
  });

  it('weekly on Monday for Monday–Sunday; monthly on the 1st for the previous month', () => {
    expect(due('week', '09:00', 'UTC', '2026-11-25T12:00:00Z')).toMatchObject({
      at: '2026-11-23T09:00:00.000Z',
      key: '2026-11-16/2026-11-22',
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(due('week', '09:00', 'UTC', '2026-11-23T08:59:00Z').key).toBe('2026-11-09/2026-11-15');
    expect(due('month', '06:00', 'America/Sao_Paulo', '2026-01-01T09:00:00Z')).toMatchObject({
      at: '2026-01-01T09:00:00.000Z',
      key: '2025-12',
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(due('month', '06:00', 'America/Sao_Paulo', '2026-01-01T08:59:00Z').key).toBe('2025-11');
  });
});
