/** POST user/password/back and user/password/resert (public). */
import {
  PasswordBackBodySchema,
  PasswordBackSchema,
  PasswordResetBodySchema,
} from '@ems/contract/api/account';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { spend } from '../../security/limit-checks';
import { passwordBack, resetPassword } from './password-service';
import type { AccountRouteDeps } from './routes';

/** Registers the password retrieval routes. */
export async function passwordRoutes(api: FastifyInstance, deps: AccountRouteDeps): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const svc = { db: deps.ctx.db, keys: deps.keys, forgetUser: deps.forgetUser };

  r.post(
    '/webpvesc/ajax/user/password/back',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary:
          'Without validCode: send a code to the verified e-mail (the same answer for any user name). With it: trade it for a reset ticket. The user name as username (spec §7) or userName',
        body: PasswordBackBodySchema,
        response: { 200: envelopeOf(PasswordBackSchema) },
      },
    },
    async (request) => {
      if (request.body.validCode === undefined) await spend(deps.limiters.codeSend, request.ip);
      const result = await passwordBack(svc, request.body);
      if ('resetTicket' in result) return ok(request, result);
      return ok(request, result, 'account.codeSentIfRecoverable');
    },
  );

  r.post(
    '/webpvesc/ajax/user/password/resert',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the reset ticket; every session of the account ends',
        body: PasswordResetBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await resetPassword(svc, request.body);
      request.log.info({ userName: request.body.userName, ip: request.ip }, 'password reset');
      return ok(request, null, 'account.resetOk');
    },
  );
}
