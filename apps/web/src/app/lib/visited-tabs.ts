/**
 * Visited-page tabs under the top bar: pure list operations (the store in layout/ wraps them). A tab is
 * keyed by path + query, so two sites are two tabs. The dashboard tab is pinned.
 */
export interface VisitedTab {
  /** path + search, e.g. "/station?stationId=3". */
  key: string;
  path: string;
  titleKey: string;
  pinned: boolean;
}

/** The pinned first tab. */
export const DASHBOARD_TAB: VisitedTab = {
  key: '/dashboard',
  path: '/dashboard',
  titleKey: 'app.routes.dashboard',
  pinned: true,
};

/** Adds a tab unless one with the same key is open (then its title is refreshed). */
export function addTab(tabs: readonly VisitedTab[], tab: VisitedTab): VisitedTab[] {
  const index = tabs.findIndex((t) => t.key === tab.key);
  if (index === -1) return [...tabs, tab];
  if (tabs[index]!.titleKey === tab.titleKey) return [...tabs];
  return tabs.map((t, i) => (i === index ? { ...t, titleKey: tab.titleKey } : t));
}

/**
 * Closes a tab (pinned tabs stay). Returns the new list and, when the closed tab was the active one,
 * the key to show instead: its right neighbour, else its left one.
 */
export function closeTab(
  tabs: readonly VisitedTab[],
  key: string,
  activeKey: string,
): { tabs: VisitedTab[]; next: string | null } {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1 || tabs[index]!.pinned) return { tabs: [...tabs], next: null };
  const rest = tabs.filter((t) => t.key !== key);
  if (key !== activeKey) return { tabs: rest, next: null };
  const neighbour = rest[index] ?? rest[index - 1] ?? DASHBOARD_TAB;
  return { tabs: rest, next: neighbour.key };
}

/** Log-out closes every tab but the pinned ones (spec §4). */
export function resetTabs(): VisitedTab[] {
  return [DASHBOARD_TAB];
}
