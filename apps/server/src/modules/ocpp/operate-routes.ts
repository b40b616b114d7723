/**
 * Charger operation calls under /owner_api/webpvesc/ajax/station (issue 22 item 4, docs/ocpp.md
 * "Operating a charger"): charger/list, charger/command, charger/command/list, charger/schedule. Each
 * needs a session; the service checks the caller's access to every id.
 */
import {
  ChargerCommandBodySchema,
  ChargerCommandListQuerySchema,
  ChargerCommandPageSchema,
  ChargerCommandRowSchema,
  ChargerListQuerySchema,
  ChargerRowSchema,
  ChargerScheduleBodySchema,
} from '@ems/contract/api/ocpp-charger';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { chargerCommands, chargerSchedule, chargersOf, operateCharger } from './operate-service';

const BASE = '/webpvesc/ajax/station';
const tags = ['station'];
const CommandAnswer = envelopeOf(ChargerCommandRowSchema);

/** Registers the charger operation calls. */
export async function chargerOperateRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db, queue } = ctx;
  r.get(
    `${BASE}/charger/list`,
    {
      schema: {
        tags,
        summary: 'The chargers of a charging site, their connectors and open sessions',
        querystring: ChargerListQuerySchema,
        response: { 200: envelopeOf(z.array(ChargerRowSchema)) },
      },
    },
    async (request) => ok(request, await chargersOf(db, request.user, request.query.stationId)),
  );
  r.post(
    `${BASE}/charger/command`,
    {
      schema: {
        tags,
        summary: 'Remote start/stop, unlock, reset or change availability of a charger, as a tracked command',
        body: ChargerCommandBodySchema,
        response: { 200: CommandAnswer },
      },
    },
    async (request) =>
      ok(request, await operateCharger(db, queue, { user: request.user, ip: request.ip }, request.body)),
  );
  r.get(
    `${BASE}/charger/command/list`,
    {
      schema: {
        tags,
        summary: 'A charger’s commands, newest first',
        querystring: ChargerCommandListQuerySchema,
        response: { 200: envelopeOf(ChargerCommandPageSchema) },
      },
    },
    async (request) => ok(request, await chargerCommands(db, request.user, request.query)),
  );
  r.post(
    `${BASE}/charger/schedule`,
    {
      schema: {
        tags,
        summary: 'Ask a charger for its composite schedule (GetCompositeSchedule) as a command',
        body: ChargerScheduleBodySchema,
        response: { 200: CommandAnswer },
      },
    },
    async (request) =>
      ok(request, await chargerSchedule(db, queue, { user: request.user, ip: request.ip }, request.body)),
  );
}
