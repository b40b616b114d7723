/**
 * One way in (issue 6 §1): whether a route needs a session, or the admin role, is declared on the route
 * itself (`config.public`, `config.admin`) and decided by one hook on the route that matched, never on
 * the URL text. So `/%6fwner_api/...` or `//owner_api/...` reach a route only with that route's rules.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { requireAdmin } from '../modules/access/require-admin';
import { type Authenticate, tokenOf } from './context';
import { loggedOut } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs no session (spec §2 whitelist: sign-in, language list, registration, web assets…). */
    public?: boolean;
    /** The route needs the admin role; checked before any body is read or validated. */
    admin?: boolean;
  }
}

/**
 * Adds the access hook to `app`: every matched route that does not declare `config.public` needs a valid
 * session token (else 1000 logged out, HTTP 401, or 21000 token invalid, HTTP 200), and `config.admin` routes the admin
 * role (else 40300 无操作权限). Unmatched requests pass to the not-found handler, which reads nothing.
 */
export function addAccessHook(app: FastifyInstance, authenticate: Authenticate): void {
  app.decorateRequest('user', null as never);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public && !config.admin) return;
    const token = tokenOf(request);
    if (!token) throw loggedOut();
    request.user = await authenticate(token);
    if (config.admin) requireAdmin(request.user);
  });
}

/**
 * Marks every route registered in `scope` (an encapsulated plugin) with `flag`, so a whole module (the
 * console's calls, the web assets) declares its access once, on its routes, without each route repeating it.
 */
export function declareScopeAccess(scope: FastifyInstance, flag: 'public' | 'admin'): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, [flag]: true };
  });
}
