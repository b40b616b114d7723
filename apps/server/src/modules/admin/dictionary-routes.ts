/** Console dictionary calls: manage/dictionaries (page), /edit (create or update), /del. Admin scope. */
import {
  AdminDictionaryItemSchema,
  AdminDictionaryPageSchema,
  AdminDictionaryQuerySchema,
  DictionaryDeleteBodySchema,
  DictionaryEditBodySchema,
} from '@ems/contract/api/admin';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { deleteDictionaryItem, findDictionaryPage } from './dictionary-repo';
import { saveDictionaryItem } from './service';

const BASE = '/webpvesc/ajax/manage/dictionaries';

/** Registers the dictionary calls on the console's admin-only scope. */
export async function adminDictionaryRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;
  const tags = ['admin'];
  r.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Dictionary items, optionally of one dictType and matching filterText',
        querystring: AdminDictionaryQuerySchema,
        response: { 200: envelopeOf(AdminDictionaryPageSchema) },
      },
    },
    async (request) => ok(request, await findDictionaryPage(db, request.query)),
  );
  r.post(
    `${BASE}/edit`,
    {
      schema: {
        tags,
        summary: 'Create (no id) or update a dictionary item; (dictType, dictValue) is unique',
        body: DictionaryEditBodySchema,
        response: { 200: envelopeOf(AdminDictionaryItemSchema) },
      },
    },
    async (request) => ok(request, await saveDictionaryItem(db, request.body)),
  );
  r.post(
    `${BASE}/del`,
    {
      schema: {
        tags,
        summary: 'Delete a dictionary item',
        body: DictionaryDeleteBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      if (!(await deleteDictionaryItem(db, request.body.id))) throw notFound();
      return ok(request, null);
    },
  );
}
