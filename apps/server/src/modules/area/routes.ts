/** GET /webpvesc/ajax/area/list (spec §7 general calls; issue 7 item 6). */
import { AreaListQuerySchema, AreaNodeSchema } from '@ems/contract/api/area';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { sendAreaTree } from './area-response';

/** The area tree in the caller's language (token required, like the dictionaries). */
export async function areaRoutes(api: FastifyInstance, _ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/webpvesc/ajax/area/list',
    {
      schema: {
        tags: ['general'],
        summary: 'Area tree: countries and their subdivisions (spec §3)',
        querystring: AreaListQuerySchema,
        response: { 200: envelopeOf(z.array(AreaNodeSchema)) },
      },
    },
    (request, reply) => sendAreaTree(request, reply),
  );
}
