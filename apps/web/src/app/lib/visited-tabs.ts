/**
 * Visited-page tabs under the top bar: pure list operations (the store in layout/ wraps them). A tab is
 * one page: keyed by its path plus the query parameters that name a different page (two sites are two
 * tabs), not by view state such as the console's ?tab= (that only updates the tab's URL). The
 * dashboard tab is pinned. A page the user may not open never gets a tab.
 */
import { mayOpen } from './roles';
import type { RouteHandle } from './route-handle';

export interface VisitedTab {
  /** The page, e.g. "/station?stationId=3" or "/manage" (pageKey). */
  key: string;
  /** Where the tab leads: the page's last visited path + search, e.g. "/manage?tab=smtp". */
  url: string;
  path: string;
  titleKey: string;
  pinned: boolean;
}

/** Query parameters that make another page of the same path; any other parameter is view state. */
const PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/station': ['stationId'],
};

/** The page a location shows: its path plus its PAGE_PARAMS, in that order. */
export function pageKey(pathname: string, search: string): string {
  const names = PAGE_PARAMS[pathname];
  if (!names) return pathname;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The pinned first tab. */
export const DASHBOARD_TAB: VisitedTab = {
  key: '/dashboard',
  url: '/dashboard',
  path: '/dashboard',
  titleKey: 'app.routes.dashboard',
  pinned: true,
};

/**
 * The tab of a location, or null when it gets none: no route title, the / redirect, or a page whose
 * roles the user lacks (the role gate sends them to /401) or whose roles are not known yet
 * (`userRoles` undefined while user/info loads).
 */
export function tabFor(
  location: { pathname: string; search: string },
  handle: RouteHandle | null,
  userRoles: readonly string[] | undefined,
): VisitedTab | null {
  if (!handle || location.pathname === '/') return null;
  if (handle.roles?.length && (!userRoles || !mayOpen(handle.roles, userRoles))) return null;
  const key = pageKey(location.pathname, location.search);
  return {
    key,
    url: `${location.pathname}${location.search}`,
    path: location.pathname,
    titleKey: handle.titleKey,
    pinned: key === DASHBOARD_TAB.key,
  };
}

/** Adds a tab unless its page is open (then that tab's URL and title are refreshed). */
export function addTab(tabs: readonly VisitedTab[], tab: VisitedTab): VisitedTab[] {
  const index = tabs.findIndex((t) => t.key === tab.key);
  if (index === -1) return [...tabs, tab];
  const open = tabs[index]!;
  if (open.titleKey === tab.titleKey && open.url === tab.url) return [...tabs];
  return tabs.map((t, i) => (i === index ? { ...t, url: tab.url, titleKey: tab.titleKey } : t));
}

/**
 * Closes a tab (pinned tabs stay). Returns the new list and, when the closed tab was the active one,
 * the URL to show instead: its right neighbour's, else its left one's.
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
  return { tabs: rest, next: neighbour.url };
}

/** Log-out closes every tab but the pinned ones (spec §4). */
export function resetTabs(): VisitedTab[] {
  return [DASHBOARD_TAB];
}
