import type { UIMatch } from 'react-router';

/** What a route tells the shell: its title (document title, tab label) and, for info pages, its text. */
export interface RouteHandle {
  titleKey: string;
  textKey?: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}

/** The handle of the deepest matched route that has one. */
export function deepestHandle(matches: readonly UIMatch[]): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
