import { describe, expect, it } from 'vitest';
import { addTab, closeTab, DASHBOARD_TAB, pageKey, resetTabs, tabFor, type VisitedTab } from './visited-tabs';

const tab = (key: string, titleKey = 'app.routes.station'): VisitedTab => ({
  key,
  url: key,
  path: key.split('?')[0]!,
  titleKey,
  pinned: false,
});

describe('visited tabs', () => {
  it('adds each page once, keyed by path and query', () => {
    let tabs = addTab([DASHBOARD_TAB], tab('/station?stationId=1'));
    tabs = addTab(tabs, tab('/station?stationId=2'));
    tabs = addTab(tabs, tab('/station?stationId=1'));
    expect(tabs.map((t) => t.key)).toEqual(['/dashboard', '/station?stationId=1', '/station?stationId=2']);
  });

  it('closing the active tab shows its right neighbour, else its left one', () => {
    const tabs = [DASHBOARD_TAB, tab('/a'), tab('/b'), tab('/c')];
    expect(closeTab(tabs, '/b', '/b').next).toBe('/c');
    expect(closeTab(tabs, '/c', '/c').next).toBe('/b');
    expect(closeTab(tabs, '/b', '/a')).toEqual({ tabs: [DASHBOARD_TAB, tab('/a'), tab('/c')], next: null });
  });

  it('keeps the pinned dashboard tab', () => {
    expect(closeTab([DASHBOARD_TAB], '/dashboard', '/dashboard').tabs).toEqual([DASHBOARD_TAB]);
    expect(resetTabs()).toEqual([DASHBOARD_TAB]);
  });

  it("keys a tab by page: the console's ?tab= updates its one tab, another site opens another", () => {
    const manage = { titleKey: 'app.routes.manage', roles: ['admin'] };
    const station = { titleKey: 'app.routes.station' };
    let tabs = resetTabs();
    for (const search of ['', '?tab=smtp', '?tab=outbox', '?tab=users']) {
      tabs = addTab(tabs, tabFor({ pathname: '/manage', search }, manage, ['admin'])!);
    }
    tabs = addTab(tabs, tabFor({ pathname: '/station', search: '?stationId=1&range=day' }, station, [])!);
    tabs = addTab(tabs, tabFor({ pathname: '/station', search: '?stationId=2' }, station, [])!);
    tabs = addTab(tabs, tabFor({ pathname: '/station', search: '?range=week&stationId=1' }, station, [])!);
    expect(tabs.map((t) => [t.key, t.url])).toEqual([
      ['/dashboard', '/dashboard'],
      ['/manage', '/manage?tab=users'],
      ['/station?stationId=1', '/station?range=week&stationId=1'],
      ['/station?stationId=2', '/station?stationId=2'],
    ]);
    expect(pageKey('/station', '?x=1&stationId=7')).toBe('/station?stationId=7');
  });

  it('gives no tab to a page the user may not open, nor before the roles are known', () => {
    const manage = { titleKey: 'app.routes.manage', roles: ['admin'] };
    expect(tabFor({ pathname: '/manage', search: '' }, manage, ['owner'])).toBeNull();
    expect(tabFor({ pathname: '/manage', search: '' }, manage, undefined)).toBeNull();
    expect(tabFor({ pathname: '/manage', search: '' }, manage, ['admin'])?.key).toBe('/manage');
    expect(
      tabFor({ pathname: '/profile', search: '' }, { titleKey: 'app.routes.profile' }, undefined)?.key,
    ).toBe('/profile');
  });

  it("closing the active tab returns the neighbour's last URL", () => {
    const tabs = [DASHBOARD_TAB, { ...tab('/manage'), url: '/manage?tab=smtp' }, tab('/profile')];
    expect(closeTab(tabs, '/profile', '/profile').next).toBe('/manage?tab=smtp');
  });
});
