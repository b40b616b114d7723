/** Alarm calls of spec §7 (General and alarms). */
import { AlarmCountQuerySchema, AlarmCountSchema } from '@ems/contract/api/alarm';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { currentAlarmCount } from './service';

/** GET /owner_api/webpvesc/ajax/alarm/system/current/count (token required). */
export async function alarmRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/webpvesc/ajax/alarm/system/current/count',
    {
      schema: {
        tags: ['alarm'],
        summary: 'Active alarms on the caller’s sites, per level',
        querystring: AlarmCountQuerySchema,
        response: { 200: envelopeOf(AlarmCountSchema) },
      },
    },
    async (request) => ok(request, await currentAlarmCount(ctx.db, request.user, request.query)),
  );
}
