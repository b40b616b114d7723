/** GET user/email/active (signed in, or by user name after registering) and POST user/email/verify (signed in, or by user name after registering). */
import { CodeSentSchema, EmailActiveQuerySchema, EmailVerifyBodySchema } from '@ems/contract/api/account';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppContext, type SessionUser, tokenOf } from '../../http/context';
import { ok } from '../../http/envelope';
import { loggedOut } from '../../http/errors';
import { spend } from '../../security/limit-checks';
import { resendRegistrationCode, sendActivationCode, verifyEmailCode } from './email-service';
import type { AccountRouteDeps } from './routes';

/** The caller of a public route when it sent a token; a bad token fails as on any other route. */
async function optionalCaller(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  const token = tokenOf(request);
  return token ? ctx.authenticate(token) : null;
}

/** Registers the e-mail routes. */
export async function emailRoutes(api: FastifyInstance, deps: AccountRouteDeps): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;

  r.get(
    '/webpvesc/ajax/user/email/active',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary:
          'Send a verification code to the e-mail the caller wants (kept pending until verified); without a session, resend the registration code by userName',
        querystring: EmailActiveQuerySchema,
        response: { 200: envelopeOf(CodeSentSchema) },
      },
    },
    async (request) => {
      const caller = await optionalCaller(ctx, request);
      const { email, userName } = request.query;
      if (!caller && !userName) throw loggedOut();
      await spend(deps.limiters.codeSend, request.ip);
      // A named account wins over the session: someone signed in who registers another account must not
      // have that account's address become their own pending e-mail.
      const sent = userName
        ? await resendRegistrationCode(ctx.db, userName, email)
        : await sendActivationCode(ctx.db, caller!.userId, email);
      return ok(request, sent, 'account.codeSent', { address: sent.maskedAddress });
    },
  );

  r.post(
    '/webpvesc/ajax/user/email/verify',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary:
          'Verify an e-mail code: with userName, the registration e-mail of that account; else with a token, the pending e-mail',
        body: EmailVerifyBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const caller = await optionalCaller(ctx, request);
      await verifyEmailCode(ctx.db, {
        callerId: caller?.userId ?? null,
        userName: request.body.userName,
        validCode: request.body.validCode,
      });
      return ok(request, null, 'account.emailVerified');
    },
  );
}
