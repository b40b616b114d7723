import { describe, expect, it } from 'vitest';
import { formatSiteSince, formatSiteTime, zoneDiffers } from './site-clock';

// 2026-11-21 13:05:09 UTC: 14:05 in Berlin (GMT+1), 13:05 in Lisbon (GMT), 21:05 in Shanghai.
const T = Date.UTC(2026, 10, 21, 13, 5, 9);

describe('zoneDiffers', () => {
  it('is true when the two clocks read differently at that instant', () => {
    expect(zoneDiffers(T, 'Europe/Berlin', 'Europe/Lisbon')).toBe(true);
    expect(zoneDiffers(T, 'Asia/Shanghai', 'Asia/Shanghai')).toBe(false);
    // Paris and Berlin keep the same clock: nothing to name.
    expect(zoneDiffers(T, 'Europe/Paris', 'Europe/Berlin')).toBe(false);
    expect(zoneDiffers(T, undefined, 'Europe/Lisbon')).toBe(false);
    expect(zoneDiffers(T, 'Not/AZone', 'Europe/Lisbon')).toBe(false);
  });
});

describe('formatSiteTime', () => {
  it("reads the site's clock and names its zone when the viewer's differs", () => {
    expect(formatSiteTime(T, 'en-US', 'Europe/Berlin', { viewerZone: 'Europe/Lisbon' })).toBe(
      '11/21/2026, 14:05 GMT+1',
    );
    expect(formatSiteTime(T, 'en-US', 'Europe/Berlin', { viewerZone: 'Europe/Berlin' })).toBe(
      '11/21/2026, 14:05',
    );
    expect(
      formatSiteTime(T / 1000, 'zh-CN', 'Asia/Shanghai', { seconds: true, viewerZone: 'Europe/Lisbon' }),
    ).toBe('2026/11/21 21:05:09 GMT+8');
  });

  it('gives the clock alone, or the date alone (never named)', () => {
    expect(formatSiteTime(T, 'pt-BR', 'Europe/Berlin', { style: 'clock', viewerZone: 'Europe/Lisbon' })).toBe(
      '14:05 GMT+1',
    );
    expect(
      formatSiteTime(T, 'cs-CZ', 'Europe/Berlin', {
        style: 'clock',
        seconds: true,
        viewerZone: 'Europe/Berlin',
      }),
    ).toBe('14:05:09');
    expect(formatSiteTime(T, 'en-US', 'Asia/Shanghai', { style: 'date', viewerZone: 'Europe/Lisbon' })).toBe(
      '11/21/2026',
    );
  });

  it('says a dash for a missing time and falls back to the browser clock for an unknown zone', () => {
    expect(formatSiteTime(null, 'en-US', 'Europe/Berlin')).toBe('–');
    expect(formatSiteTime(T, 'en-US', 'Not/AZone')).toMatch(/^11\/21\/2026, \d\d:\d\d$/);
  });
});

describe('formatSiteSince', () => {
  it("gives the clock on the site's same day, else date and clock", () => {
    // 23:30 UTC is already the next day in Berlin.
    const late = Date.UTC(2026, 10, 21, 23, 30);
    expect(formatSiteSince(T, T + 3_600_000, 'en-US', 'Europe/Berlin', 'Europe/Lisbon')).toBe('14:05 GMT+1');
    expect(formatSiteSince(T, late, 'en-US', 'Europe/Berlin', 'Europe/Lisbon')).toBe(
      '11/21/2026, 14:05 GMT+1',
    );
    expect(formatSiteSince(T, late, 'en-US', 'Europe/Lisbon', 'Europe/Lisbon')).toBe('13:05');
  });
});
