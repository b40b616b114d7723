/**
 * Push calls (issue 20) under /owner_api/webpvesc/ajax/push: rules, receiving mailboxes, channel
 * states, the test send and the delivery log (user-routes.ts); the console's outbox counts
 * (console-routes.ts); the
 * web app's Web Push subscription (app-routes.ts); the official account's binding, its public callback
 * and the console's settings (account-routes.ts). Each route file registers its own paths.
 */
import type { FastifyInstance } from 'fastify';
import { declareScopeAccess } from '../../http/access';
import type { AppContext } from '../../http/context';
import { accountAdminRoutes, accountRoutes } from './account-routes';
import { appRoutes } from './app-routes';
import { pushConsoleRoutes } from './console-routes';
import { userPushRoutes } from './user-routes';

/** Registers every push route: the user's, the public callback and the console's (admin scope). */
export async function pushRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await userPushRoutes(api, ctx);
  await appRoutes(api, ctx);
  await accountRoutes(api, ctx);
  await api.register(async (scope) => {
    declareScopeAccess(scope, 'admin');
    await accountAdminRoutes(scope, ctx);
    await pushConsoleRoutes(scope, ctx);
  });
}
