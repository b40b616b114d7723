/**
 * Route filtering by roles (spec §6): a route may name the roles that open it (route handle `roles`);
 * the sidebar shows, and the guard lets through, only what the user's roles (user/info) allow.
 */

/** Roles each guarded path needs; the route handles and the sidebar both read this one table. */
export const ROUTE_ROLES: Readonly<Record<string, readonly string[]>> = {
  '/manage': ['admin'],
  // Issue 34 item 10: the icon gallery is a tool of the platform's people, not an owner's page.
  '/svgs': ['admin'],
};

/** True when a user with `roles` may open a route needing `required` (any one of them; none = all may). */
export function mayOpen(required: readonly string[] | undefined, roles: readonly string[]): boolean {
  return !required || required.length === 0 || required.some((r) => roles.includes(r));
}
