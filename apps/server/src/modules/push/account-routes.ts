/**
 * Official-account calls (issue 20 §4): push/account/qrcode and push/account/unbind for the user, the
 * public callback /owner_api/push/account/callback, and the console's manage/push/account.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';

/** Registers the user's official-account routes and the public callback. */
export async function accountRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}

/** Registers the console's official-account settings (mounted in an admin-only scope). */
export async function accountAdminRoutes(_scope: FastifyInstance, _ctx: AppContext): Promise<void> {}
