import type { UIMatch } from 'react-router';

/**
 * What a route tells the shell: its title (document title, tab label) and the roles that may open it (spec §6; none = every signed-in user).
 */
export interface RouteHandle {
  titleKey: string;
  roles?: readonly string[];
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
