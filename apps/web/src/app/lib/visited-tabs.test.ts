import { describe, expect, it } from 'vitest';
import { addTab, closeTab, DASHBOARD_TAB, resetTabs, type VisitedTab } from './visited-tabs';

const tab = (key: string, titleKey = 'app.routes.station'): VisitedTab => ({
  key,
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
});
