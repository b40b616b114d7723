/** Web Push subscription calls (issue 20 §4): push/app/key, push/app/subscribe, push/app/unsubscribe. */
import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import { AppKeySchema, AppSubscribeSchema, AppUnsubscribeSchema } from '@ems/contract/api/push';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { appKey, subscribeApp, unsubscribeApp } from './app-service';

const APP = '/webpvesc/ajax/push/app';
const done = envelopeOf(z.null());

/** Registers the Web Push routes. */
export async function appRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['push'];
  r.get(
    `${APP}/key`,
    {
      schema: {
        tags,
        summary: 'The VAPID public key (RFC 8292) this browser subscribes with',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(AppKeySchema) },
      },
    },
    async (request) => ok(request, await appKey(ctx.db)),
  );
  r.post(
    `${APP}/subscribe`,
    {
      schema: {
        tags,
        summary: 'Subscribe this browser to Web Push (upsert by endpoint; https on public addresses only)',
        body: AppSubscribeSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await subscribeApp(ctx, request.user.userId, request.body, request.headers['user-agent']);
      return ok(request, null);
    },
  );
  r.post(
    `${APP}/unsubscribe`,
    {
      schema: {
        tags,
        summary: 'Unsubscribe one of the caller’s browsers by its endpoint',
        body: AppUnsubscribeSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await unsubscribeApp(ctx.db, request.user.userId, request.body.endpoint);
      return ok(request, null);
    },
  );
}
