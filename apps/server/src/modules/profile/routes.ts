import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';

/** PLACEHOLDER (helper F replaces). */
export async function profileRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
