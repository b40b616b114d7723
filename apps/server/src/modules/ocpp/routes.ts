/**
 * Charger calls under /owner_api/webpvesc/ajax/station (issue 22, docs/ocpp.md): charger/add
 * (commissioning), idtag/list, idtag/add, idtag/del, and the site charging limit (smart-charging/routes.ts).
 * Each needs a session; the service checks that the caller may touch the charging site named.
 */
import {
  ChargerAddBodySchema,
  ChargerAddedSchema,
  IdTagAddBodySchema,
  IdTagDelBodySchema,
  IdTagListQuerySchema,
  IdTagRowSchema,
} from '@ems/contract/api/ocpp';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { addCharger, addIdTag, idTagsOf, removeIdTag } from './service';
import { siteLimitRoutes } from './smart-charging/routes';

const BASE = '/webpvesc/ajax/station';
const tags = ['station'];
const IdTagListSchema = envelopeOf(z.array(IdTagRowSchema));

/** Registers the charger calls. */
export async function ocppRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;
  r.post(
    `${BASE}/charger/add`,
    {
      schema: {
        tags,
        summary: 'Add an OCPP charger to the caller’s charging site; answers its key once',
        body: ChargerAddBodySchema,
        response: { 200: envelopeOf(ChargerAddedSchema) },
      },
    },
    async (request) => ok(request, await addCharger(db, request.user, request.body)),
  );
  r.get(
    `${BASE}/idtag/list`,
    {
      schema: {
        tags,
        summary: 'The id tags that may charge at the caller’s charging site',
        querystring: IdTagListQuerySchema,
        response: { 200: IdTagListSchema },
      },
    },
    async (request) => ok(request, await idTagsOf(db, request.user, request.query.stationId)),
  );
  r.post(
    `${BASE}/idtag/add`,
    {
      schema: {
        tags,
        summary: 'Add an id tag to the caller’s charging site; answers the site’s tags',
        body: IdTagAddBodySchema,
        response: { 200: IdTagListSchema },
      },
    },
    async (request) => ok(request, await addIdTag(db, request.user, request.body)),
  );
  r.post(
    `${BASE}/idtag/del`,
    {
      schema: {
        tags,
        summary: 'Delete an id tag of the caller’s charging site; answers the site’s tags',
        body: IdTagDelBodySchema,
        response: { 200: IdTagListSchema },
      },
    },
    async (request) => ok(request, await removeIdTag(db, request.user, request.body)),
  );
  await siteLimitRoutes(api, ctx);
}
