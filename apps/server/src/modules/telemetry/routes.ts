/** Live values, power lines and energy statistics of sites (spec §7 station calls). */
import {
  LinesQuerySchema,
  LinesSchema,
  ListRealQuerySchema,
  ListRealSchema,
  StatisticsQuerySchema,
  StatisticsSchema,
} from '@ems/contract/api/station';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { stationLines } from './lines-service';
import { listReal } from './list-real-service';
import { stationStatistics } from './statistics-service';

const BASE = '/webpvesc/ajax/station';

/** GET list/real, lines and statistics under /owner_api/webpvesc/ajax/station (token required). */
export async function telemetryRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${BASE}/list/real`,
    {
      schema: {
        tags: ['station'],
        summary: 'Live energy flow, today’s energy and device values of sites',
        querystring: ListRealQuerySchema,
        response: { 200: envelopeOf(ListRealSchema) },
      },
    },
    async (request) => ok(request, await listReal(ctx.db, request.user, request.query)),
  );
  r.get(
    `${BASE}/lines`,
    {
      schema: {
        tags: ['station'],
        summary: 'Power lines of one site-local day',
        querystring: LinesQuerySchema,
        response: { 200: envelopeOf(LinesSchema) },
      },
    },
    async (request) => ok(request, await stationLines(ctx.db, request.user, request.query)),
  );
  r.get(
    `${BASE}/statistics`,
    {
      schema: {
        tags: ['station'],
        summary: 'Energy per hour, day, month or year with totals',
        querystring: StatisticsQuerySchema,
        response: { 200: envelopeOf(StatisticsSchema) },
      },
    },
    async (request) => ok(request, await stationStatistics(ctx.db, request.user, request.query)),
  );
}
