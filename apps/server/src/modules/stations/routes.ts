/** Station (site) calls of spec §7: templates, the site list of a system type, base info. */
import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import { StationTemplateSchema } from '@ems/contract/api/dictionary';
import {
  StationBaseInfoQuerySchema,
  StationBaseInfoSchema,
  StationListQuerySchema,
  StationListSchema,
} from '@ems/contract/api/station';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { requestLanguage } from '../../http/language';
import { stationBaseInfo, stationList, stationTemplatesList } from './service';

const BASE = '/webpvesc/ajax/station';

/** GET templates, systemtype/list and baseinfo under /owner_api/webpvesc/ajax/station (token required). */
export async function stationRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${BASE}/templates`,
    {
      schema: {
        tags: ['station'],
        summary: 'Station templates, named in the caller’s language',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(z.array(StationTemplateSchema)) },
      },
    },
    async (request) => ok(request, await stationTemplatesList(ctx.db, requestLanguage(request))),
  );
  r.get(
    `${BASE}/systemtype/list`,
    {
      schema: {
        tags: ['station'],
        summary: 'The caller’s sites of a system type with live power and energy today',
        querystring: StationListQuerySchema,
        response: { 200: envelopeOf(StationListSchema) },
      },
    },
    async (request) => ok(request, await stationList(ctx.db, request.user, request.query)),
  );
  r.get(
    `${BASE}/baseinfo`,
    {
      schema: {
        tags: ['station'],
        summary: 'A site’s details and devices',
        querystring: StationBaseInfoQuerySchema,
        response: { 200: envelopeOf(StationBaseInfoSchema) },
      },
    },
    async (request) => ok(request, await stationBaseInfo(ctx.db, request.user, request.query.stationId)),
  );
}
