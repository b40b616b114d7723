/**
 * Builds the Fastify app: zod validation, the `{status,msg,data}` envelope for every answer and error
 * (spec §7/§8), the token hook, OpenAPI at /owner_api/openapi.json, domain routes, and the built web.
 */
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { isMessageKey, translate } from '@ems/contract/messages';
import { Status } from '@ems/contract/status-codes';
import { issueParams } from '@ems/contract/validation';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type AppContext, tokenOf } from './context';
import { AppError, loggedOut } from './errors';
import { requestLanguage } from './language';
import { registerModules } from './modules';
import { registerSecurityHeaders } from './security-headers';
import { registerWebAssets } from './web-assets';

/** Options of buildApp; `logger: false` keeps tests quiet. */
export interface BuildAppOptions {
  logger?: boolean | { level: string };
}

export async function buildApp(
  ctx: Omit<AppContext, 'log'>,
  opts: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: ctx.config.LOG_LEVEL },
    trustProxy: ctx.config.TRUST_PROXY ? ctx.config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    // Spec §7: GET arrays arrive as repeated keys; the default parser already yields string[] for them.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const full: AppContext = { ...ctx, log: app.log };
  await registerSecurityHeaders(app, ctx.config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Energy monitoring platform API', version: '2.4.202' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });

  app.decorateRequest('user', null as never);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(API_PREFIX) || request.routeOptions.config?.public) return;
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
    const token = tokenOf(request);
    if (!token) throw loggedOut();
    request.user = await full.authenticate(token);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof AppError) {
      return reply
        .code(error.httpStatus)
        .headers(error.headers)
        .send({ status: error.status, msg: translate(error.msgKey, lang, error.params), data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first issue's own message when it is a catalogue key (spec §5 texts), else 非法输入 + field.
      const issue = error.validation[0];
      const key = issue?.message;
      const field = issue?.instancePath?.replace(/^\//, '') ?? '';
      const root = request.routeOptions.schema?.[error.validationContext ?? 'body'] as z.ZodType | undefined;
      const params = issueParams(
        { message: key ?? '', path: field ? field.split('/') : [], ...issue?.params },
        root,
      );
      const msg =
        key && isMessageKey(key)
          ? translate(key, lang, params)
          : `${translate('common.illegalInput', lang)}${field ? `: ${field}` : ''}`;
      return reply.code(400).send({ status: Status.ILLEGAL_INPUT, msg, data: { field } });
    }
    if ((error as FastifyError).statusCode && (error as FastifyError).statusCode! < 500) {
      // Malformed JSON, oversized body and the like: the caller's fault, not ours.
      return reply
        .code((error as FastifyError).statusCode!)
        .send({ status: Status.ILLEGAL_INPUT, msg: translate('common.illegalInput', lang), data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: Status.OPERATION_FAILED, msg: translate('common.operationFailed', lang), data: null });
  });

  await app.register(async (api) => registerModules(api, full), { prefix: API_PREFIX });
  app.get(`${API_PREFIX}/openapi.json`, { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await registerWebAssets(app, ctx.config);
  return app;
}
