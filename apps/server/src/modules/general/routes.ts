import { LanguageListSchema, LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import { DICTIONARY_KEYS, DictionaryListSchema, DictionaryQuerySchema } from '@ems/contract/api/dictionary';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { listDictionaries, listLanguages } from './repo';

/**
 * General calls of spec §7: language list (public: the login page needs it before sign-in) and
 * dictionaries (token required).
 */
export async function generalRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/webpvesc/ajax/language/list',
    {
      config: { public: true },
      schema: {
        tags: ['general'],
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(LanguageListSchema) },
      },
    },
    async (request) => ok(request, await listLanguages(ctx.db.db)),
  );

  r.get(
    '/webpvesc/ajax/dictionary/list',
    {
      schema: {
        tags: ['general'],
        summary: 'Dictionary items per key (sys_timezone, sys_currencysymbol); no keys means all',
        querystring: DictionaryQuerySchema,
        response: { 200: envelopeOf(DictionaryListSchema) },
      },
    },
    async (request) => {
      const keys = request.query.keys?.length ? [...new Set(request.query.keys)] : DICTIONARY_KEYS;
      return ok(request, await listDictionaries(ctx.db.db, keys));
    },
  );
}
