/** POST auth/owner/register/verifyUserName, register/check and register (public, limited per address). */
import {
  RegisterBodySchema,
  RegisterCheckSchema,
  RegisteredSchema,
  UserNameAvailabilitySchema,
  VerifyUserNameBodySchema,
} from '@ems/contract/api/account';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { requestLanguage } from '../../http/language';
import { spend } from '../../security/limit-checks';
import { checkRegistration, isLoginNameAvailable, register } from './register-service';
import type { AccountRouteDeps } from './routes';

/** Registers the registration routes. */
export async function registerRoutes(api: FastifyInstance, deps: AccountRouteDeps): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const svc = { db: deps.ctx.db, keys: deps.keys };

  r.post(
    '/auth/owner/register/verifyUserName',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Whether a login name is still free (compared ignoring case)',
        body: VerifyUserNameBodySchema,
        response: { 200: envelopeOf(UserNameAvailabilitySchema) },
      },
    },
    async (request) => {
      await spend(deps.limiters.probe, request.ip);
      return ok(request, { available: await isLoginNameAvailable(svc, request.body.userName) });
    },
  );

  r.post(
    '/webpvesc/ajax/register/check',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary:
          'Check the registration form (every spec §5 rule, the name still free); first failure in msg and data.field',
        body: RegisterBodySchema,
        response: { 200: envelopeOf(RegisterCheckSchema) },
      },
    },
    async (request) => {
      await spend(deps.limiters.probe, request.ip);
      await checkRegistration(svc, request.body);
      return ok(request, { valid: true as const });
    },
  );

  r.post(
    '/webpvesc/ajax/register',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Register a standard account; a verification code goes to its e-mail',
        body: RegisterBodySchema,
        response: { 200: envelopeOf(RegisteredSchema) },
      },
    },
    async (request) => {
      await spend(deps.limiters.register, request.ip);
      const lang = requestLanguage(request);
      const registered = await register(svc, request.body, lang);
      request.log.info({ userId: registered.userId, ip: request.ip }, 'account registered');
      return ok(request, registered, 'account.registered');
    },
  );
}
