/**
 * Official-account calls (issue 20 §4, docs/push.md "Official account"): push/account (the
 * caller's binding), push/account/qrcode and push/account/unbind for the user; the public server URL
 * /owner_api/push/account/callback the official account calls; the console's manage/push/account.
 */

import { languageIdField } from '@ems/contract/api/common';
import { AccountQrSchema, AccountSettingsBodySchema, AccountSettingsSchema } from '@ems/contract/api/push';
import {
  AccountBindingSchema,
  AccountCallbackBodySchema,
  AccountCallbackQuerySchema,
} from '@ems/contract/api/push-account';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { illegalInput, noPermission } from '../../http/errors';
import { spend } from '../../security/limit-checks';
import { CALLBACK_MAX_SKEW_S, handleEvent, isSigned, parseEvent } from './account/callback';
import { accountState, bindingQrCode, unbindAccount } from './account/service';
import { presentAccount, readAccountSettings, writeAccountSettings } from './account/settings';
import { releaseWaiting } from './deliver';
import { maskId } from './mask';

/** Path prefix of the user's push calls (as in user-routes.ts). */
const PUSH = '/webpvesc/ajax/push';

/** QR codes one user may ask for in the window: each is a call on the official account's quota. */
export const ACCOUNT_QR_LIMIT = { limit: 30, windowMs: 10 * 60_000 } as const;
/** Largest callback body read (an event is a few hundred bytes). */
const CALLBACK_BODY_LIMIT = 16 * 1024;

const LanguageQuery = z.object({ languageId: languageIdField });

/** Registers the user's official-account routes and the public callback. */
export async function accountRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;
  const tags = ['push'];
  const qrCodes = ctx.limits.limiter('push.account-qrcode', ACCOUNT_QR_LIMIT);

  r.get(
    `${PUSH}/account`,
    {
      schema: {
        tags,
        summary: 'The caller’s binding to the official account, and whether it is set up',
        querystring: LanguageQuery,
        response: { 200: envelopeOf(AccountBindingSchema) },
      },
    },
    async (request) => ok(request, await accountState(db, request.user.userId)),
  );

  r.get(
    `${PUSH}/account/qrcode`,
    {
      schema: {
        tags,
        summary: 'A QR code that binds the caller (one-time scene, 10 minutes); earlier ones stop binding',
        querystring: LanguageQuery,
        response: { 200: envelopeOf(AccountQrSchema) },
      },
    },
    async (request) => {
      await spend(qrCodes, String(request.user.userId));
      return ok(request, await bindingQrCode(db, request.log, request.user.userId));
    },
  );

  r.post(
    `${PUSH}/account/unbind`,
    {
      schema: {
        tags,
        summary: 'Unbind the caller’s WeChat user from the official account',
        body: LanguageQuery,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await unbindAccount(db, request.user.userId);
      return ok(request, null, 'push.account.unbound');
    },
  );

  // The server URL: public (WeChat signs, it has no session), and the only route that reads XML.
  await api.register(async (scope) => {
    scope.addContentTypeParser(
      ['text/xml', 'application/xml'],
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const s = scope.withTypeProvider<ZodTypeProvider>();
    /**
     * Signed requests seen, by timestamp and nonce (issue 31 item 5): a signature is valid up to
     * CALLBACK_MAX_SKEW_S either side of its timestamp, so each is remembered for twice that, in the
     * rate-limit store (Redis with REDIS_URL: every node refuses a replay another node took).
     */
    const seenNonces = ctx.limits.limiter('push.callback-nonce', {
      limit: 1,
      windowMs: 2 * CALLBACK_MAX_SKEW_S * 1000,
    });
    /** Refused alike when not set up, unsigned, or signed and seen before (a replay). */
    const signedToken = async (q: z.infer<typeof AccountCallbackQuerySchema>) => {
      const account = await readAccountSettings(db);
      if (!account || !isSigned(account.token, q)) throw noPermission();
      const fresh = await seenNonces.consume(`${q.timestamp}:${q.nonce}`).then(
        () => true,
        (err: unknown) => {
          if (err instanceof RateLimiterRes) return false;
          throw err;
        },
      );
      if (!fresh) throw noPermission();
    };

    s.get(
      '/push/account/callback',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Server URL check of the official account: answers echostr when signed',
          querystring: AccountCallbackQuerySchema,
        },
      },
      async (request, reply) => {
        await signedToken(request.query);
        return reply.type('text/plain; charset=utf-8').send(request.query.echostr ?? '');
      },
    );

    s.post(
      '/push/account/callback',
      {
        config: { public: true },
        bodyLimit: CALLBACK_BODY_LIMIT,
        schema: {
          tags,
          summary:
            'Events of the official account (XML): subscribe/SCAN with a scene binds, unsubscribe unbinds',
          querystring: AccountCallbackQuerySchema,
          body: AccountCallbackBodySchema,
          consumes: ['text/xml'],
        },
      },
      async (request, reply) => {
        await signedToken(request.query);
        const event = parseEvent(request.body);
        if (!event) throw illegalInput();
        const outcome = await handleEvent(db, event);
        request.log.info(
          { event: event.event, outcome, openid: event.from ? maskId(event.from) : null },
          'official account event',
        );
        return reply.type('text/plain; charset=utf-8').send('success');
      },
    );
  });
}

/** Registers the console's official-account settings (mounted in an admin-only scope). */
export async function accountAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;
  const tags = ['manage'];
  const path = '/webpvesc/ajax/manage/push/account';

  r.get(
    path,
    {
      schema: {
        tags,
        summary: 'Official-account settings (the appSecret is never returned)',
        querystring: LanguageQuery,
        response: { 200: envelopeOf(AccountSettingsSchema) },
      },
    },
    async (request) => ok(request, presentAccount(await readAccountSettings(db))),
  );

  r.post(
    path,
    {
      schema: {
        tags,
        summary:
          'Save the official-account settings (an empty appSecret keeps the stored one); waiting messages are sent',
        body: AccountSettingsBodySchema,
        response: { 200: envelopeOf(AccountSettingsSchema) },
      },
    },
    async (request) => {
      const { languageId: _lang, ...input } = request.body;
      const stored = await writeAccountSettings(db, input);
      const released = await releaseWaiting(
        { db: ctx.db, config: ctx.config, log: request.log },
        ctx.queue,
        'officialAccount',
      );
      request.log.info({ appId: stored.appId, apiBase: stored.apiBase, released }, 'official account saved');
      return ok(request, presentAccount(stored));
    },
  );
}
