import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';

/** PLACEHOLDER (helper E replaces). */
export async function mailRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
