/**
 * Builds the Fastify app: zod validation, the `{status,msg,data}` envelope for every answer and error
 * (spec §7/§8), the token hook, OpenAPI at /owner_api/openapi.json, domain routes, and the built web.
 */
import { hostname } from 'node:os';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { socketLimitsOf } from '../config';
import { asUrgent } from '../db/urgency';
import { mountCentralSystem } from '../modules/ocpp/central-system';
import { sendEach } from '../modules/ocpp/smart-charging/profiles';
import { mountSmartCharging } from '../modules/ocpp/smart-charging/runtime';
import { type SolarCharging, startSolarCharging } from '../modules/ocpp/solar/runtime';
import { createRateLimits } from '../security/rate-limits';
import { guardSockets } from '../shared/socket-guard';
import { addAccessHook } from './access';
import type { AppContext } from './context';
import { clientErrorHandlerWith, frameworkErrorsWith, useEnvelopeErrors } from './error-handler';
import { type AppLoggerOptions, loggerOptions } from './logger';
import { registerModules } from './modules';
import { transformRoute, withAnswerConvention } from './openapi-answers';
import { trackRoutes } from './route-catalogue';
import { registerSecurityHeaders, staticSecurityHeaders } from './security-headers';
import { refuseUnsafeText } from './unsafe-text';
import { registerWebAssets } from './web-assets';

declare module 'fastify' {
  interface FastifyInstance {
    /** Solar charging's controller (issue 33); undefined when the app sends nothing to chargers. */
    solarCharging: SolarCharging | undefined;
  }
}

/** Options of buildApp; `logger: false` keeps tests quiet; default loggerOptions(config). */
export interface BuildAppOptions {
  logger?: boolean | AppLoggerOptions;
}

/**
 * The app of `ctx`; `ctx.nodeName` defaults to config NODE_NAME, else the host name.
 */
export async function buildApp(
  ctx: Omit<AppContext, 'log' | 'limits' | 'nodeName'> & { nodeName?: string },
  opts: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // The framework's own answers (a URL it cannot decode, a request it cannot parse) carry them too.
  const headers = staticSecurityHeaders(ctx.config);
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(ctx.config),
    trustProxy: ctx.config.TRUST_PROXY ? ctx.config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    // Spec §7: GET arrays arrive as repeated keys; the default parser already yields string[] for them.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorsWith(headers),
    clientErrorHandler: clientErrorHandlerWith(headers),
    // Issue 19 §1: no request holds the server past its budget (docs/security.md "Request budget").
    handlerTimeout: ctx.config.REQUEST_BUDGET_MS,
  });
  trackRoutes(app);
  // Issue 36 §1: the embedded database serves a request's calls before queued background work.
  app.addHook('onRequest', (_req, _reply, done) => asUrgent(done));
  // Every HTTP socket, WebSocket upgrades (OCPP) included: time-outs and a cap per address (issue 31).
  guardSockets(app.server, socketLimitsOf(ctx.config), true);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const limits = createRateLimits({ redisUrl: ctx.config.REDIS_URL, log: app.log });
  app.addHook('onClose', () => limits.close());
  await limits.ready();
  const nodeName = ctx.nodeName ?? ctx.config.NODE_NAME ?? hostname();
  const full: AppContext = { ...ctx, nodeName, log: app.log, limits };
  if (ctx.chargerSend) {
    full.smartCharging = mountSmartCharging(app, full, ctx.chargerSend);
    const send = ctx.chargerSendMany ?? sendEach(ctx.chargerSend);
    const solar = startSolarCharging({ db: ctx.db, log: app.log, send });
    full.solarCharging = solar;
    app.addHook('onClose', async () => solar.stop());
  }
  // The ingest (main.ts) tells solar charging of each committed meter sample.
  app.decorate('solarCharging', full.solarCharging);
  await registerSecurityHeaders(app, ctx.config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Energy monitoring platform API', version: '2.4.202' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } },
      },
      security: [{ token: [] }],
    },
    transform: transformRoute,
    transformObject: withAnswerConvention,
  });

  addAccessHook(app, full.authenticate);
  useEnvelopeErrors(app);
  app.addHook('preValidation', refuseUnsafeText);

  await app.register(async (api) => registerModules(api, full), { prefix: API_PREFIX });
  app.get(`${API_PREFIX}/openapi.json`, { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  mountCentralSystem(app, full); // issue 22: OCPP 1.6J chargers at /ocpp/{identity}
  await registerWebAssets(app, ctx.config);
  return app;
}
