import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatRelative, formatSince, localDate, toMillis } from './time';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('toMillis', () => {
  it('reads 10-digit numbers as seconds and longer ones as milliseconds (spec §9)', () => {
    expect(toMillis(1_795_000_000)).toBe(1_795_000_000_000);
    expect(toMillis(1_795_000_000_123)).toBe(1_795_000_000_123);
  });

  it('reads ISO strings and rejects garbage', () => {
    expect(toMillis('2026-11-21T12:00:00Z')).toBe(NOW);
    expect(toMillis('yesterday')).toBeNull();
    expect(toMillis(null)).toBeNull();
    expect(toMillis(undefined)).toBeNull();
  });
});

describe('formatRelative', () => {
  it('says just now under 30 seconds', () => {
    expect(formatRelative(NOW - 29_000, NOW, 'en-US', 'just now')).toBe('just now');
    expect(formatRelative('2026-11-21T11:59:45Z', NOW, 'en-US', 'just now')).toBe('just now');
  });

  it('counts seconds, minutes, hours and days', () => {
    expect(formatRelative(NOW - 45_000, NOW, 'en-US', 'just now')).toBe('45 seconds ago');
    expect(formatRelative(NOW - 5 * 60_000, NOW, 'en-US', 'just now')).toBe('5 minutes ago');
    expect(formatRelative(NOW - 3 * 3_600_000, NOW, 'en-US', 'just now')).toBe('3 hours ago');
    expect(formatRelative(NOW - 86_400_000, NOW, 'en-US', 'just now')).toBe('yesterday');
  });

  it('reads 10-digit timestamps as seconds', () => {
    expect(formatRelative(Math.floor((NOW - 120_000) / 1000), NOW, 'en-US', 'just now')).toBe(
      '2 minutes ago',
    );
  });

  it('writes the language of the interface', () => {
    expect(formatRelative(NOW - 5 * 60_000, NOW, 'zh-CN', '刚刚')).toBe('5分钟前');
  });

  it('gives the date past a week and a dash when missing', () => {
    expect(formatRelative(NOW - 10 * 86_400_000, NOW, 'en-US', 'just now')).toBe(
      formatDateTime(NOW - 10 * 86_400_000, 'en-US'),
    );
    expect(formatRelative(null, NOW, 'en-US', 'just now')).toBe('–');
  });
});

describe('absolute times', () => {
  it('writes clock and date in the site time zone', () => {
    expect(formatClock(NOW, 'en-US', 'Asia/Shanghai')).toBe('20:00');
    expect(formatClock(NOW, 'en-US', 'America/Sao_Paulo')).toBe('09:00');
    expect(localDate(Date.parse('2026-11-21T20:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-22');
    expect(formatDateTime(NOW, 'en-US', 'UTC')).toBe('Nov 21, 2026, 12:00 PM');
    expect(formatDateTime(NOW + 9_000, 'de-DE', 'Europe/Prague', true)).toBe('21.11.2026, 13:00:09');
  });
});

describe('formatSince', () => {
  it('gives the clock time on the same local day, else date and time', () => {
    expect(formatSince(NOW - 2 * 3_600_000, NOW, 'en-US', 'UTC')).toBe('10:00');
    expect(formatSince(NOW - 20 * 3_600_000, NOW, 'en-US', 'UTC')).toBe('Nov 20, 2026, 4:00 PM');
    expect(formatSince(NOW - 2 * 3_600_000, NOW, 'en-US', 'Asia/Tokyo')).toBe('19:00');
    expect(formatSince(null, NOW, 'en-US', 'UTC')).toBe('–');
  });
});
