/**
 * Builds the Fastify app: zod validation, the `{status,msg,data}` envelope for every answer and error
 * (spec §7/§8), the token hook, OpenAPI at /owner_api/openapi.json, domain routes, and the built web.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { translate } from '@ems/contract/messages';
import { Status } from '@ems/contract/status-codes';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { addAccessHook, declareScopeAccess } from './access';
import { isApiPath } from './api-path';
import type { AppContext } from './context';
import { clientErrorHandler, frameworkErrors, useEnvelopeErrors } from './error-handler';
import { requestLanguage } from './language';
import { type AppLoggerOptions, loggerOptions } from './logger';
import { registerModules } from './modules';
import { trackRoutes } from './route-catalogue';
import { refuseUnsafeText } from './unsafe-text';

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
    frameworkErrors,
    clientErrorHandler,
  });
  trackRoutes(app);
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

  addAccessHook(app, full.authenticate);
  useEnvelopeErrors(app);
  app.addHook('preValidation', refuseUnsafeText);

  await app.register(async (api) => registerModules(api, full), { prefix: API_PREFIX });
  app.get(`${API_PREFIX}/openapi.json`, { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const webDist = resolve(ctx.config.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname);
  const hasWeb = existsSync(resolve(webDist, 'index.html'));
  await app.register(async (web) => {
    // Web assets and the SPA's client-side routes are public by declaration on each route they add.
    declareScopeAccess(web, 'public');
    if (hasWeb) await web.register(fastifyStatic, { root: webDist, wildcard: false, maxAge: '1h' });
    web.setNotFoundHandler((request, reply) => {
      if (isApiPath(request.url) || !hasWeb || request.method !== 'GET') {
        return reply.code(404).send({
          status: Status.NOT_FOUND,
          msg: translate('common.notFound', requestLanguage(request)),
          data: null,
        });
      }
      // Client-side routes (spec §2) are resolved by the SPA, including its own /404.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  });
  return app;
}
