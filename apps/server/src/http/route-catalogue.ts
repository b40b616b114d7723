/**
 * The routes the running server has, as Fastify registered them: what the suites that must cover every
 * route (hostile input, permissions) iterate over, so a route added later is covered without anyone
 * remembering to add it.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

/** One registered route: method(s), full URL pattern, its schemas and its access config. */
export type RouteEntry = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this app, in registration order (filled as plugins load). */
    routeCatalogue: readonly RouteEntry[];
  }
}

/** Starts recording routes on `app`; call before any route is registered. */
export function trackRoutes(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeCatalogue', routes);
  app.addHook('onRoute', (route) => {
    routes.push({ method: route.method, url: route.url, schema: route.schema, config: route.config });
  });
}
