/** Issue 34 item 8: "Station" in the side menu opens the last-opened site, else the first. */
import { describe, expect, it } from 'vitest';
import { lastSite, rememberSite, type SiteStorage, siteToOpen } from './last-site';

function memory(): SiteStorage {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

describe('last site', () => {
  it('remembers the last site per user', () => {
    const s = memory();
    expect(lastSite(7, s)).toBeNull();
    rememberSite(7, 12, s);
    rememberSite(7, 15, s);
    rememberSite(8, 3, s);
    expect(lastSite(7, s)).toBe(15);
    expect(lastSite(8, s)).toBe(3);
  });

  it('opens the last site while it opens, else the first, else none', () => {
    expect(siteToOpen(15, true, [4, 9])).toBe(15);
    expect(siteToOpen(15, undefined, [4, 9])).toBeUndefined();
    expect(siteToOpen(15, false, [4, 9])).toBe(4);
    expect(siteToOpen(null, undefined, [4, 9])).toBe(4);
    expect(siteToOpen(null, undefined, undefined)).toBeUndefined();
    expect(siteToOpen(null, undefined, [])).toBeNull();
  });
});
