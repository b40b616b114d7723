/**
 * The site charging limit under /owner_api/webpvesc/ajax/station (issue 22 item 5, docs/ocpp.md "Smart
 * charging"): GET charger/limit and POST charger/limit/set. Each needs a session; the service checks access.
 */
import {
  SiteChargeLimitBodySchema,
  SiteChargeLimitQuerySchema,
  SiteChargeLimitSchema,
} from '@ems/contract/api/ocpp-charger';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../http/context';
import { ok } from '../../../http/envelope';
import { setSiteChargeLimit, siteChargeLimit } from './service';

const BASE = '/webpvesc/ajax/station/charger/limit';
const tags = ['station'];
const response = { 200: envelopeOf(SiteChargeLimitSchema) };

/** Registers the site charging limit calls. */
export async function siteLimitRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'The charging site’s power limit and how it is divided among its chargers now',
        querystring: SiteChargeLimitQuerySchema,
        response,
      },
    },
    async (request) => ok(request, await siteChargeLimit(ctx.db, request.user, request.query.stationId)),
  );
  r.post(
    `${BASE}/set`,
    {
      schema: {
        tags,
        summary: 'Set (kW) or lift (null) the charging site’s power limit; the chargers get their share',
        body: SiteChargeLimitBodySchema,
        response,
      },
    },
    async (request) =>
      ok(request, await setSiteChargeLimit(ctx.db, request.user, request.body, ctx.smartCharging)),
  );
}
