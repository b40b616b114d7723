import type { FastifyInstance } from 'fastify';
import { generalRoutes } from '../modules/general/routes';
import type { AppContext } from './context';

/**
 * Every domain's routes, mounted under /owner_api. Paths inside are spec §7's
 * (`/webpvesc/ajax/...`, `/auth/owner/...`).
 */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await generalRoutes(api, ctx);
}
