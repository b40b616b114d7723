/** User calls of spec §7: GET user/info (the signed-in caller). */

import { UserInfoSchema } from '@ems/contract/api/auth';
import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { loggedOut } from '../../http/errors';
import { findUserInfo } from './repo';

/** Registers the users routes on the /owner_api scope. */
export async function userRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/webpvesc/ajax/user/info',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(UserInfoSchema) },
      },
    },
    async (request) => {
      const info = await findUserInfo(ctx.db.db, request.user.userId);
      // A session can outlive its account only between a delete and the cascade: treat as signed out.
      if (!info) throw loggedOut();
      return ok(request, info);
    },
  );
}
