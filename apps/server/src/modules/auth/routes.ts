import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';

/** PLACEHOLDER (helper A replaces). */
export async function authRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
