/** The console's view of push (issue 20 §6): every channel's outbox counts (GET manage/push/outboxes). */
import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import { ChannelOutboxesSchema, PUSH_CHANNELS } from '@ems/contract/api/push';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { CHANNELS } from './channels/registry';
import { channelCounts } from './log-repo';

/** Registers the console's push routes (mounted in an admin-only scope). */
export async function pushConsoleRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const deps = { db: ctx.db, config: ctx.config, log: ctx.log };
  r.get(
    '/webpvesc/ajax/manage/push/outboxes',
    {
      schema: {
        tags: ['manage'],
        summary: 'Every push channel: set up or not, and its messages by state with their retries',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(ChannelOutboxesSchema) },
      },
    },
    async (request) => {
      const counts = new Map((await channelCounts(ctx.db)).map((c) => [c.channel, c]));
      const rows = await Promise.all(
        PUSH_CHANNELS.map(async (channel) => ({
          queued: 0,
          waiting: 0,
          sent: 0,
          failed: 0,
          suppressed: 0,
          retries: 0,
          ...counts.get(channel),
          channel,
          setUp: await CHANNELS[channel].isSetUp(deps),
        })),
      );
      return ok(request, rows);
    },
  );
}
