/** Web Push subscription calls (issue 20 §4): push/app/key, push/app/subscribe, push/app/unsubscribe. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';

/** Registers the Web Push routes. */
export async function appRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
