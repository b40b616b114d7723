import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { loginRedirectUrl } from '../../shared/session/access';
import { COOKIE, clearToken, removeCookie } from '../../shared/session/cookies';
import { currentMode, loginPathFor } from '../../shared/session/mode';
import { clearUser } from '../../shared/session/storage';
import { closeAllTabs } from './tabs-store';

/**
 * Spec §4 log-out: revoke the token on the server (its answer is taken as it is, spec §8), then clear
 * token, userType and the kept user, drop cached data (roles with it), close all tabs and go to
 * sign-in. `returnTo` (path + query) becomes the redirect; without it, plain sign-in (e.g. after the
 * account was deleted, when there is nothing to revoke or come back to).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (opts: { revoke: boolean; returnTo?: { pathname: string; search: string } }) => {
    if (opts.revoke) await logout().catch((error: unknown) => console.warn('logout call failed', error));
    clearToken();
    removeCookie(COOKIE.userType);
    clearUser();
    queryClient.clear();
    closeAllTabs();
    const mode = currentMode();
    const target = opts.returnTo
      ? loginRedirectUrl(mode, opts.returnTo.pathname, opts.returnTo.search)
      : loginPathFor(mode);
    navigate(target, { replace: true });
  };
}
