/**
 * Sign-in calls of spec §7 (User): public key, gettoken, admin/login, logout. Paths are under
 * /owner_api; the first three are public, logout needs the token it revokes.
 */

import { GetTokenBodySchema, PublicKeySchema, TokenSchema } from '@ems/contract/api/auth';
import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppContext, tokenOf } from '../../http/context';
import { ok } from '../../http/envelope';
import type { LoginAttempt } from './login';
import { signInLimits } from './login-limits';
import { createAuthService } from './service';

const attemptOf = (
  request: FastifyRequest,
  body: { username: string; password: string },
  adminOnly: boolean,
) =>
  ({
    username: body.username,
    password: body.password,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    adminOnly,
  }) satisfies LoginAttempt;

/** Registers the auth routes on the /owner_api scope. */
export async function authRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = createAuthService({ db: ctx.db, config: ctx.config });
  const limits = signInLimits(ctx.limits);
  const r = api.withTypeProvider<ZodTypeProvider>();
  // Refusals (wrong password, disabled) answer HTTP 200 with data null, so the 200 schema admits both.
  const tokenResponse = { 200: z.union([envelopeOf(TokenSchema), envelopeOf(z.null())]) };

  r.get(
    '/auth/owner/publickey',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'RSA-OAEP (SHA-256) public key for encrypting the password',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(PublicKeySchema) },
      },
    },
    async (request) => ok(request, await auth.publicKey()),
  );

  r.post(
    '/auth/owner/gettoken',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Sign in', body: GetTokenBodySchema, response: tokenResponse },
    },
    async (request) =>
      ok(request, await auth.login(attemptOf(request, request.body, false), request.log, limits)),
  );

  r.post(
    '/auth/owner/admin/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Administrator sign-in',
        body: GetTokenBodySchema,
        response: tokenResponse,
      },
    },
    async (request) =>
      ok(request, await auth.login(attemptOf(request, request.body, true), request.log, limits)),
  );

  r.delete(
    '/auth/owner/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await auth.logout(request.user, tokenOf(request) ?? '');
      return ok(request, null, 'auth.loggedOutOk');
    },
  );
}
