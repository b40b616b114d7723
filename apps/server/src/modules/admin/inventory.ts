/**
 * Device inventory import (issue 7 §3): the administrator lists devices a manufacturer made (serial number,
 * communication serial number, type, model, manufacturer, protocol); each gets a fresh MQTT secret, answered
 * once for flashing into the loggers, of which only the SHA-256 is stored; an OCPP charger (protocol ocpp,
 * serial number = its identity) gets its Basic-auth key instead (docs/ocpp.md "Importing chargers"). Devices
 * land on no site: an owner adds one by its two serial numbers (station device/add).
 */
import { randomBytes } from 'node:crypto';
import {
  InventoryImportBodySchema,
  InventoryImportResultSchema,
  InventoryPageSchema,
  InventoryQuerySchema,
  protocolOf,
} from '@ems/contract/api/admin';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbHandle } from '../../db/client';
import { devices } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { fieldError } from '../../http/errors';
import { hashDeviceSecret } from '../../ingest/device-secret';
import { newChargerKey } from '../ocpp/service';
import { findInventoryPage } from './inventory-repo';

const MANAGE = '/webpvesc/ajax/manage';

type ImportBody = z.infer<typeof InventoryImportBodySchema>;

/**
 * Adds `body.devices` to the inventory in one transaction.
 * @returns each device's serial numbers and its secret (shown once).
 * @throws fieldError device.serialTaken naming the first serial number already known (nothing is added).
 */
export async function importInventory(db: DbHandle, body: ImportBody) {
  const serials = body.devices.map((d) => d.serialNumber);
  const repeated = serials.find((sn, i) => serials.indexOf(sn) !== i);
  const taken = await db.query<{ serial_number: string }>(
    'SELECT serial_number FROM devices WHERE serial_number = ANY($1::text[]) LIMIT 1',
    [serials],
  );
  const clash = repeated ?? taken.rows[0]?.serial_number;
  if (clash !== undefined) throw fieldError('device.serialTaken', 'devices', { serialNumber: clash });
  // An OCPP charger's secret is its Basic-auth key, made and hashed exactly as charger/add does.
  const out = body.devices.map((d) => {
    const protocol = protocolOf(d);
    const secret = protocol === 'ocpp' ? newChargerKey() : randomBytes(32).toString('base64url');
    return { ...d, protocol, secret };
  });
  await db.db.insert(devices).values(
    out.map((d) => ({
      stationId: null,
      // Not the serial number: a device's name reaches everyone the site is shared with (issue 19).
      name: d.model || d.type,
      serialNumber: d.serialNumber,
      commSerialNumber: d.commSerialNumber,
      deviceType: d.type,
      model: d.model,
      manufacturer: d.manufacturer,
      secretHash: hashDeviceSecret(d.secret),
      protocol: d.protocol,
    })),
  );
  return out.map((d) => ({
    serialNumber: d.serialNumber,
    commSerialNumber: d.commSerialNumber,
    secret: d.secret,
    protocol: d.protocol,
  }));
}

/** POST manage/devices/import and GET manage/devices/list (in the console's admin-only scope). */
export async function adminInventoryRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${MANAGE}/devices/import`,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Import devices into the inventory; answers each device’s MQTT secret (an OCPP charger’s key) once',
        body: InventoryImportBodySchema,
        response: { 200: envelopeOf(InventoryImportResultSchema) },
      },
    },
    async (request) => ok(request, await importInventory(ctx.db, request.body)),
  );
  r.get(
    `${MANAGE}/devices/list`,
    {
      schema: {
        tags: ['admin'],
        summary: 'The device inventory: each device in stock or on which site (issue 24 item 9)',
        querystring: InventoryQuerySchema,
        response: { 200: envelopeOf(InventoryPageSchema) },
      },
    },
    async (request) => ok(request, await findInventoryPage(ctx.db.db, request.query)),
  );
}
