import { Navigate, Outlet, useLocation } from 'react-router';
import { loginRedirectUrl } from '../shared/session/access';
import { getToken } from '../shared/session/cookies';
import { currentMode } from '../shared/session/mode';

/**
 * Spec §2 guard: without a token only the whitelist is open (those routes sit outside this guard);
 * everything else goes to /login (or /common/login in common mode) with ?redirect=<path+query>.
 */
export function RequireAuth() {
  const location = useLocation();
  if (!getToken()) {
    return <Navigate to={loginRedirectUrl(currentMode(), location.pathname, location.search)} replace />;
  }
  return <Outlet />;
}
