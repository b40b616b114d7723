/**
 * The /auth-redirect hand-off (issue 3 §5): the public path that finishes a sign-in started elsewhere
 * (getToken) and forwards to `redirect` (same-origin paths only, else the dashboard).
 */
import { safeRedirect } from '../../../shared/session/access';

/** The /auth-redirect URL that trades `getToken` and then opens `redirect`. */
export function authRedirectUrl(getToken: string, redirect: string): string {
  const query = new URLSearchParams({ getToken, redirect: safeRedirect(redirect) });
  return `/auth-redirect?${query.toString()}`;
}

/** What /auth-redirect does with its query: trade a getToken, forward, or say nothing can be done. */
export type AuthRedirectPlan =
  | { kind: 'exchange'; getToken: string; target: string }
  | { kind: 'forward'; target: string }
  | { kind: 'invalid' };

/** Reads /auth-redirect's query into a plan. */
export function planAuthRedirect(search: URLSearchParams): AuthRedirectPlan {
  const getToken = search.get('getToken')?.trim();
  const redirect = search.get('redirect');
  if (getToken) return { kind: 'exchange', getToken, target: safeRedirect(redirect) };
  if (redirect) return { kind: 'forward', target: safeRedirect(redirect) };
  return { kind: 'invalid' };
}
