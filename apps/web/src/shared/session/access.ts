/**
 * Route access rules of spec §2: which paths a visitor without a token may open, where everyone else is
 * sent, and where a sign-in may return to.
 */
import { loginPathFor, type PlatformMode } from './mode';

/** Paths open without a token (spec §2 whitelist). */
export const PUBLIC_PATHS = [
  '/login',
  '/common/login',
  '/login/admin',
  '/auth-redirect',
  '/password/back',
  '/register',
  '/download/app',
  '/update/version',
] as const;

/** Where signed-in users land (spec §2: the dashboard, also at /). */
export const HOME_PATH = '/dashboard';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** True when `pathname` may be opened without a token. */
export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(normalise(pathname));
}

/** The sign-in URL that brings the user back to `pathname + search` afterwards. */
export function loginRedirectUrl(mode: PlatformMode, pathname: string, search = ''): string {
  return `${loginPathFor(mode)}?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * Where to go after signing in: the `redirect` query when it is a path of this site (never another
 * origin, never back to a sign-in page), else the dashboard.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return HOME_PATH;
  try {
    const url = new URL(raw, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return HOME_PATH;
    if (isPublicPath(url.pathname)) return HOME_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_PATH;
  }
}
