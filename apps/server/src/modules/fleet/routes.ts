/**
 * Fleet calls under /owner_api/webpvesc/ajax/station (spec §7): create, modify, del; category/edit and
 * filter/tree; device/list, add, edit, move, del; and GET configure/device/base/address/limit. Each needs a session; the services check ownership of
 * every id named.
 */

import { AddressLimitQuerySchema, AddressLimitSchema } from '@ems/contract/api/device-limits';
import {
  CategoryEditBodySchema,
  CategoryEditResultSchema,
  DeviceAddBodySchema,
  DeviceDelBodySchema,
  DeviceEditBodySchema,
  DeviceListQuerySchema,
  DeviceMoveBodySchema,
  DeviceSavedSchema,
  FilterTreeQuerySchema,
  GroupNodeSchema,
  StationCreateBodySchema,
  StationDelBodySchema,
  StationDeletedSchema,
  StationModifyBodySchema,
  StationSavedSchema,
} from '@ems/contract/api/fleet';
import { DeviceInfoSchema } from '@ems/contract/api/station';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import {
  addDevice,
  addressLimits,
  listDevices,
  moveDevice,
  removeDevice,
  renameDevice,
} from './devices-service';
import { editCategory, groupTree } from './groups-service';
import { runHistoryPurges } from './history-purge';
import { createStation, deleteStation, modifyStation } from './sites-service';

const BASE = '/webpvesc/ajax/station';
const tags = ['station'];

/** Registers the fleet calls. */
export async function fleetRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;
  // History goes in the background: started after the answer, and by the periodic job should this node stop.
  const purgeSoon = () =>
    setImmediate(() => {
      runHistoryPurges(db).catch((err) => ctx.log.warn({ err }, 'history purge failed; the job retries'));
    });

  r.post(
    `${BASE}/create`,
    {
      schema: {
        tags,
        summary: 'Create a site (no id) under the caller’s group',
        body: StationCreateBodySchema,
        response: { 200: envelopeOf(StationSavedSchema) },
      },
    },
    async (request) => ok(request, { stationId: await createStation(db, request.user, request.body) }),
  );
  r.put(
    `${BASE}/modify`,
    {
      schema: {
        tags,
        summary: 'Edit the caller’s site (id present)',
        body: StationModifyBodySchema,
        response: { 200: envelopeOf(StationSavedSchema) },
      },
    },
    async (request) =>
      ok(request, {
        stationId: await modifyStation(db, request.user, request.body.stationId, request.body),
      }),
  );
  r.post(
    `${BASE}/del`,
    {
      schema: {
        tags,
        summary: 'Delete the caller’s site: devices back to the inventory, history deleted in the background',
        body: StationDelBodySchema,
        response: { 200: envelopeOf(StationDeletedSchema) },
      },
    },
    async (request) => {
      const result = await deleteStation(db, request.user, request.body.stationId);
      if (result.historyQueued) purgeSoon();
      return ok(request, result);
    },
  );
  r.post(
    `${BASE}/category/edit`,
    {
      schema: {
        tags,
        summary: 'Create, rename, delete a group, or move sites into it',
        body: CategoryEditBodySchema,
        response: { 200: envelopeOf(CategoryEditResultSchema) },
      },
    },
    async (request) => ok(request, await editCategory(db, request.user, request.body)),
  );
  r.get(
    `${BASE}/filter/tree`,
    {
      schema: {
        tags,
        summary: 'The caller’s groups with the sites under each, filtered by text',
        querystring: FilterTreeQuerySchema,
        response: { 200: envelopeOf(z.array(GroupNodeSchema)) },
      },
    },
    async (request) => ok(request, await groupTree(db, request.user, request.query)),
  );
  r.get(
    `${BASE}/device/list`,
    {
      schema: {
        tags,
        summary: 'The devices of a site',
        querystring: DeviceListQuerySchema,
        response: { 200: envelopeOf(z.array(DeviceInfoSchema)) },
      },
    },
    async (request) => ok(request, await listDevices(db, request.user, request.query.stationId)),
  );
  r.post(
    `${BASE}/device/add`,
    {
      schema: {
        tags,
        summary: 'Add an inventory device to the caller’s site by serial and communication serial number',
        body: DeviceAddBodySchema,
        response: { 200: envelopeOf(DeviceSavedSchema) },
      },
    },
    async (request) =>
      ok(request, {
        deviceId: await addDevice(db, request.user, request.body),
        stationId: request.body.stationId,
      }),
  );
  r.post(
    `${BASE}/device/edit`,
    {
      schema: {
        tags,
        summary: 'Rename the caller’s device',
        body: DeviceEditBodySchema,
        response: { 200: envelopeOf(DeviceSavedSchema) },
      },
    },
    async (request) =>
      ok(request, await renameDevice(db, request.user, request.body.deviceId, request.body.name)),
  );
  r.post(
    `${BASE}/device/move`,
    {
      schema: {
        tags,
        summary: 'Move the caller’s device to another of their sites',
        body: DeviceMoveBodySchema,
        response: { 200: envelopeOf(DeviceSavedSchema) },
      },
    },
    async (request) =>
      ok(request, await moveDevice(db, request.user, request.body.deviceId, request.body.stationId)),
  );
  r.post(
    `${BASE}/device/del`,
    {
      schema: {
        tags,
        summary: 'Remove the caller’s device: back to the inventory, history deleted in the background',
        body: DeviceDelBodySchema,
        response: { 200: envelopeOf(DeviceSavedSchema) },
      },
    },
    async (request) => {
      const result = await removeDevice(db, request.user, request.body.deviceId);
      purgeSoon();
      return ok(request, result);
    },
  );
  r.get(
    '/webpvesc/ajax/configure/device/base/address/limit',
    {
      schema: {
        tags: ['configure'],
        summary: 'Device base address ranges of the asked configuration types (unknown types are left out)',
        querystring: AddressLimitQuerySchema,
        response: { 200: envelopeOf(z.array(AddressLimitSchema)) },
      },
    },
    async (request) => ok(request, addressLimits(request.query.confTypes)),
  );
}
