/**
 * Device base address limits (spec §7 GET configure/device/base/address/limit, confTypes [3]; issue 7
 * §3). A site's devices share one bus behind its logger, each at its own base address, so a site holds
 * at most as many devices as its configuration type has addresses. Type 3 is the owner's site bus
 * (addresses 1–32, the RS-485 unit-load count of a segment without repeaters); adding a device to a
 * full site answers "quantity reached upper limit".
 */
import { z } from 'zod';
import { boundedInt } from '../bounds';
import { languageIdField, repeatedKey } from './common';

/** The configuration type the web asks for (spec §7 confTypes [3]): devices on one site's bus. */
export const SITE_BUS_CONF_TYPE = 3;

/** Base address range of each known configuration type (inclusive). */
export const DEVICE_BASE_ADDRESS_LIMITS: Record<number, { minAddress: number; maxAddress: number }> = {
  [SITE_BUS_CONF_TYPE]: { minAddress: 1, maxAddress: 32 },
};

/** How many devices a site may hold: the number of base addresses of configuration type 3. */
export function maxDevicesPerSite(): number {
  const r = DEVICE_BASE_ADDRESS_LIMITS[SITE_BUS_CONF_TYPE]!;
  return r.maxAddress - r.minAddress + 1;
}

/** GET configure/device/base/address/limit query: confTypes as repeated keys. */
export const AddressLimitQuerySchema = z.object({
  confTypes: repeatedKey(boundedInt(1, 99, 'common.outOfRange'), 10, 1),
  languageId: languageIdField,
});

/** One configuration type's limit: its base address range and how many devices that allows. */
export const AddressLimitSchema = z.object({
  confType: z.number().int(),
  minAddress: z.number().int(),
  maxAddress: z.number().int(),
  maxDevices: z.number().int(),
});
export type AddressLimit = z.infer<typeof AddressLimitSchema>;
