/**
 * Builds the Fastify app: zod validation, the `{status,msg,data}` envelope for every answer and error
 * (spec §7/§8), the token hook, OpenAPI at /owner_api/openapi.json, domain routes, and the built web.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { isMessageKey, translate } from '@ems/contract/messages';
import { Status } from '@ems/contract/status-codes';
import { issueParams } from '@ems/contract/validation';
import fastifyStatic from '@fastify/static';
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
import { type AppLoggerOptions, loggerOptions } from './logger';
import { registerModules } from './modules';

/** Options of buildApp; `logger: false` keeps tests quiet; default loggerOptions(config). */
export interface BuildAppOptions {
  logger?: boolean | AppLoggerOptions;
}

export async function buildApp(
  ctx: Omit<AppContext, 'log'>,
  opts: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(ctx.config),
    trustProxy: ctx.config.TRUST_PROXY ? ctx.config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    // Spec §7: GET arrays arrive as repeated keys; the default parser already yields string[] for them.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const full: AppContext = { ...ctx, log: app.log };

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

  const webDist = resolve(ctx.config.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname);
  const hasWeb = existsSync(resolve(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, maxAge: '1h' });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(API_PREFIX) || !hasWeb || request.method !== 'GET') {
      return reply.code(404).send({
        status: Status.NOT_FOUND,
        msg: translate('common.notFound', requestLanguage(request)),
        data: null,
      });
    }
    // Client-side routes (spec §2) are resolved by the SPA, including its own /404.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
