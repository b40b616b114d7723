/**
 * Remote settings (issue 21 §2) under /owner_api/webpvesc/ajax/device: GET device/params,
 * POST device/params/set, GET device/command/list. Each needs a session; the service checks the caller
 * against the device's site (docs/commands.md "Who may"). A set declares the dispatch queue before its
 * transaction (dispatch.ts declareDispatch), so it can add its job whether or not this process runs the
 * dispatcher.
 */
import {
  CommandListQuerySchema,
  CommandPageSchema,
  DeviceParamsAnswerSchema,
  DeviceParamsQuerySchema,
  DeviceParamsSetAnswerSchema,
  DeviceParamsSetBodySchema,
} from '@ems/contract/api/device-commands';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { getParams, listCommands, setParams } from './service';

const BASE = '/webpvesc/ajax/device';
const tags = ['device'];

/** Registers the remote-settings calls. */
export async function commandRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db, queue } = ctx;

  r.get(
    `${BASE}/params`,
    {
      schema: {
        tags,
        summary: 'A device’s parameters: reported, pending, which it has, whether the caller may set them',
        querystring: DeviceParamsQuerySchema,
        response: { 200: envelopeOf(DeviceParamsAnswerSchema) },
      },
    },
    async (request) => ok(request, await getParams(db, request.user, request.query.deviceId)),
  );
  r.post(
    `${BASE}/params/set`,
    {
      schema: {
        tags,
        summary: 'Ask a device for new parameter values: checked, recorded as a command, sent and tracked',
        body: DeviceParamsSetBodySchema,
        response: { 200: envelopeOf(DeviceParamsSetAnswerSchema) },
      },
    },
    async (request) => {
      const { answer, msgKey } = await setParams(
        db,
        queue,
        { user: request.user, ip: request.ip },
        request.body,
      );
      return ok(request, answer, msgKey);
    },
  );
  r.get(
    `${BASE}/command/list`,
    {
      schema: {
        tags,
        summary: 'Every command of a device: who asked, when, what, its state (newest first)',
        querystring: CommandListQuerySchema,
        response: { 200: envelopeOf(CommandPageSchema) },
      },
    },
    async (request) => ok(request, await listCommands(db, request.user, request.query)),
  );
}
