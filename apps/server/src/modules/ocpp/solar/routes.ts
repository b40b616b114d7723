/**
 * Solar-charging calls under /owner_api/webpvesc/ajax/station (issue 33, docs/ocpp.md "Solar charging"):
 * charger/mode, charger/solar, charger/solar/set. Each needs a session; the service checks every id.
 */
import {
  SolarModeBodySchema,
  SolarSiteQuerySchema,
  SolarSiteSchema,
  SolarSiteSettingsBodySchema,
} from '@ems/contract/api/solar-charging';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../http/context';
import { ok } from '../../../http/envelope';
import { setChargerMode, setSolarSite, solarSite } from './service';

const BASE = '/webpvesc/ajax/station/charger';
const tags = ['station'];

/** Registers the solar-charging calls. */
export async function solarChargingRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const changed = (stationId: number) => ctx.solarCharging?.siteChanged(stationId) ?? Promise.resolve();
  r.post(
    `${BASE}/mode`,
    {
      schema: {
        tags,
        summary: 'Set a charger’s solar-charging mode (off, pv, minpv, now), minimum current and phases',
        body: SolarModeBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await setChargerMode(ctx.db, { user: request.user, ip: request.ip }, request.body, changed);
      return ok(request, null);
    },
  );
  r.get(
    `${BASE}/solar`,
    {
      schema: {
        tags,
        summary: 'A charging site’s solar-charging settings and its grid meter’s latest power',
        querystring: SolarSiteQuerySchema,
        response: { 200: envelopeOf(SolarSiteSchema) },
      },
    },
    async (request) => ok(request, await solarSite(ctx.db, request.user, request.query.stationId)),
  );
  r.post(
    `${BASE}/solar/set`,
    {
      schema: {
        tags,
        summary: 'Set a charging site’s battery-priority SOC and solar-charging delays',
        body: SolarSiteSettingsBodySchema,
        response: { 200: envelopeOf(SolarSiteSchema) },
      },
    },
    async (request) => ok(request, await setSolarSite(ctx.db, request.user, request.body, changed)),
  );
}
