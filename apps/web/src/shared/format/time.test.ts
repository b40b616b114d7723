import { describe, expect, it } from 'vitest';
import {
  dayPickerFormat,
  formatCalendarLabel,
  formatClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatRelative,
  formatSince,
  localDate,
  pickerFormat,
  toMillis,
} from './time';

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
    expect(formatDateTime(NOW + 9_000, 'pt-BR', 'Europe/Prague', true)).toBe('21/11/2026, 13:00:09');
  });

  it('writes one numeric date and 24-hour clock per language (issue 24 item 8)', () => {
    const at = Date.parse('2026-11-21T15:05:00Z');
    expect(formatDateTime(at, 'en-US', 'UTC')).toBe('11/21/2026, 15:05');
    expect(formatDateTime(at, 'zh-CN', 'UTC')).toBe('2026/11/21 15:05');
    expect(formatDateTime(at, 'pt-BR', 'UTC')).toBe('21/11/2026, 15:05');
    expect(formatDateTime(at, 'cs-CZ', 'UTC')).toBe('21. 11. 2026 15:05');
    expect(formatDate(at, 'zh-CN', 'Asia/Shanghai')).toBe('2026/11/21');
  });

  it('names the zone after the time when asked', () => {
    expect(formatDateTime(NOW, 'en-US', 'Asia/Shanghai', false, true)).toBe('11/21/2026, 20:00 GMT+8');
    expect(formatDateTime(NOW, 'zh-CN', 'America/Sao_Paulo', false, true)).toBe('2026/11/21 09:00 GMT-3');
  });

  it('gives date pickers the same format as dayjs patterns', () => {
    expect(pickerFormat('en-US')).toBe('MM[/]DD[/]YYYY');
    expect(pickerFormat('zh-CN')).toBe('YYYY[/]MM[/]DD');
    expect(pickerFormat('pt-BR', true)).toBe('DD[/]MM[/]YYYY[, ]HH[:]mm');
    expect(pickerFormat('cs-CZ')).toBe('DD[. ]MM[. ]YYYY');
    // Month pickers in the language's order, not ISO's 2026-11 (issue 34 item 1).
    expect(dayPickerFormat('month', 'en-US')).toBe('MM[/]YYYY');
    expect(dayPickerFormat('month', 'zh-CN')).toBe('YYYY[年]MM[月]');
    expect(dayPickerFormat('month', 'cs-CZ')).toBe('MM[/]YYYY');
    expect(dayPickerFormat('year', 'pt-BR')).toBeUndefined();
  });
});

describe('formatCalendarLabel', () => {
  it('writes calendar days and months in the app format and leaves clocks and years', () => {
    expect(formatCalendarLabel('2026-11-21', 'en-US')).toBe('11/21/2026');
    expect(formatCalendarLabel('2026-11-21', 'pt-BR')).toBe('21/11/2026');
    expect(formatCalendarLabel('2026-11', 'zh-CN')).toBe('2026年11月');
    expect(formatCalendarLabel('14:00', 'en-US')).toBe('14:00');
    expect(formatCalendarLabel('2026', 'en-US')).toBe('2026');
  });
});

describe('formatDuration', () => {
  it('gives the two largest units in the language', () => {
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000 + 7_000, 'en-US')).toBe('2h 5m');
    expect(formatDuration(86_400_000 + 3 * 3_600_000, 'zh-CN')).toBe('1天 3小时');
    expect(formatDuration(3_600_000 + 20_000, 'pt-BR')).toBe('1 h');
    expect(formatDuration(45_000, 'en-US')).toBe('45s');
    expect(formatDuration(400, 'en-US')).toBe('0s');
  });

  it('gives a dash for a missing or negative length', () => {
    expect(formatDuration(null, 'en-US')).toBe('–');
    expect(formatDuration(-5, 'en-US')).toBe('–');
  });
});

describe('formatSince', () => {
  it('gives the clock time on the same local day, else date and time', () => {
    expect(formatSince(NOW - 2 * 3_600_000, NOW, 'en-US', 'UTC')).toBe('10:00');
    expect(formatSince(NOW - 20 * 3_600_000, NOW, 'en-US', 'UTC')).toBe('11/20/2026, 16:00');
    expect(formatSince(NOW - 2 * 3_600_000, NOW, 'en-US', 'Asia/Tokyo')).toBe('19:00');
    expect(formatSince(null, NOW, 'en-US', 'UTC')).toBe('–');
  });
});
