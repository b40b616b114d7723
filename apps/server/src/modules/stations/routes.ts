import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';

/** PLACEHOLDER (helper C replaces). */
export async function stationRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
