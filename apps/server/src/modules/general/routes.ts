import { LanguageListSchema } from '@ems/contract/api/common';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { listLanguages } from './repo';

/** General calls of spec §7: language list (public: the login page needs it before sign-in). */
export async function generalRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/webpvesc/ajax/language/list',
    {
      config: { public: true },
      schema: {
        tags: ['general'],
        querystring: z.object({ languageId: z.coerce.number().int().optional() }),
        response: { 200: envelopeOf(LanguageListSchema) },
      },
    },
    async (request) => ok(request, await listLanguages(ctx.db.db)),
  );
}
