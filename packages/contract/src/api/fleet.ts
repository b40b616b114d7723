/**
 * An owner's fleet (issue 7): creating, editing and deleting sites (spec §7 station create/modify/del),
 * groups (category/edit, filter/tree) and devices added from the inventory by their two serial numbers.
 * Every request field is built from bounds.ts/validation.ts pieces, so the web's forms and the server
 * refuse the same input with the same message.
 */
import { z } from 'zod';
import { idField, requiredNumber, safeString } from '../bounds';
import { CAPACITY_MAX, type SystemType } from '../constants';
import { optionalText, text } from '../validation';
import { idParam, languageIdField, queryBool, systemTypeField } from './common';

/** Unit of a site's capacity by system type: kWp for PV, kWh for home storage, kW otherwise (issue 7 §1). */
export const CAPACITY_UNIT: Record<SystemType, 'kWp' | 'kWh' | 'kW'> = {
  1: 'kWp',
  2: 'kW',
  3: 'kW',
  6: 'kWh',
  7: 'kW',
};

/** The capacity unit of `systemType` (kW for an unknown type). */
export function capacityUnit(systemType: number): 'kWp' | 'kWh' | 'kW' {
  return CAPACITY_UNIT[systemType as SystemType] ?? 'kW';
}

/** A dictionary value (sys_timezone zone id, sys_currencysymbol code): checked against the dictionary server-side. */
const dictValue = (max: number) => safeString(max, { trim: true }).min(1, { error: 'validation.required' });

/**
 * Fields of spec §3 Site as the create/edit form sends them (spec §5: site name, address, longitude and
 * latitude cannot be empty, nor can the capacity; names 2–50, address up to 90; out-of-range numbers are "data out of range").
 */
export const StationFieldsSchema = z.object({
  stationName: text(2, 50),
  address: text(1, 90),
  /** Degrees east, WGS84. */
  longitude: requiredNumber(-180, 180, 'common.outOfRange'),
  /** Degrees north, WGS84. */
  latitude: requiredNumber(-90, 90, 'common.outOfRange'),
  /** In CAPACITY_UNIT of the system type (kWp, kW or kWh). */
  capacity: requiredNumber(0, CAPACITY_MAX, 'common.outOfRange'),
  systemType: systemTypeField,
  /** templateCode of a station template of the same system type. */
  templateCode: safeString(50, { trim: true }).min(1, { error: 'validation.required' }),
  timeZone: dictValue(64),
  currency: dictValue(8),
  /** ISO 3166-1 alpha-2 country code, optional until the area tree exists. */
  country: z
    .union([
      z.literal(''),
      safeString(2, { trim: true }).regex(/^[A-Za-z]{2}$/, { error: 'validation.country' }),
    ])
    .optional()
    .nullable()
    .transform((v) => (v ? v.toUpperCase() : null)),
  /** Area tree code (spec §3), optional until the area tree exists. */
  areaCode: optionalText(20),
  /** The caller's group the site sits under; the default group when omitted. */
  groupId: idField.optional(),
});
export type StationFields = z.infer<typeof StationFieldsSchema>;

/** POST station/create body: a site without id (spec §7). */
export const StationCreateBodySchema = StationFieldsSchema.extend({ languageId: languageIdField });
/** PUT station/modify body: the same fields with the site's id (spec §7 "id present means edit"). */
export const StationModifyBodySchema = StationFieldsSchema.extend({
  stationId: idField,
  languageId: languageIdField,
});
/** POST station/del body. */
export const StationDelBodySchema = z.object({ stationId: idField, languageId: languageIdField });

/** data of create/modify: the site's id. */
export const StationSavedSchema = z.object({ stationId: z.number().int() });
/** data of del: what went with the site; its history is deleted in the background. */
export const StationDeletedSchema = z.object({
  stationId: z.number().int(),
  devicesReleased: z.number().int(),
  historyQueued: z.boolean(),
});

/** A capacity sum in one unit: a group's sites are summed per unit, never across kWp, kWh and kW. */
export const CapacitySumSchema = z.object({
  unit: z.enum(['kWp', 'kWh', 'kW']),
  value: z.number(),
});
export type CapacitySum = z.infer<typeof CapacitySumSchema>;

/**
 * Sums site capacities per unit (CAPACITY_UNIT of each site's system type), in the order kWp, kWh, kW;
 * units no site uses are left out.
 */
export function sumCapacities(sites: readonly { systemType: number; capacity: number }[]): CapacitySum[] {
  const sums = new Map<CapacitySum['unit'], number>();
  for (const s of sites) {
    const unit = capacityUnit(s.systemType);
    sums.set(unit, (sums.get(unit) ?? 0) + s.capacity);
  }
  return (['kWp', 'kWh', 'kW'] as const)
    .filter((unit) => sums.has(unit))
    .map((unit) => ({ unit, value: Math.round((sums.get(unit) ?? 0) * 1000) / 1000 }));
}

/**
 * Spec §3 Group as the tree shows it: its capacity is the sum of its sites' capacities, one sum per unit
 * (a PV site's kWp and a storage site's kWh are never added up).
 */
export const GroupSiteSchema = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  systemType: z.number().int(),
  capacity: z.number(),
  address: z.string(),
  areaCode: z.string().nullable(),
  /** False for a site shared with the caller (another owner's). */
  owned: z.boolean(),
});
export const GroupNodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  capacities: z.array(CapacitySumSchema),
  owner: z.string(),
  subStations: z.array(GroupSiteSchema),
});
export type GroupNode = z.infer<typeof GroupNodeSchema>;
export type GroupSite = z.infer<typeof GroupSiteSchema>;

/** GET filter/tree query (spec §7): groups of the caller with their sites, filtered by text. */
export const FilterTreeQuerySchema = z.object({
  hadArea: queryBool.optional(),
  filterText: safeString(90).optional(),
  /** Only the group holding this site. */
  stationId: idParam.optional(),
  /** Only this group. */
  superId: idParam.optional(),
  systemType: systemTypeField.optional(),
  languageId: languageIdField,
});

/** The `action` of POST category/edit. */
export const GROUP_ACTIONS = ['create', 'rename', 'delete', 'move'] as const;
/**
 * POST category/edit body: create (name), rename (id, name), delete (id; its sites go back to the default
 * group) or move (id, stationIds: put these sites under group id).
 */
export const CategoryEditBodySchema = z.object({
  action: z.enum(GROUP_ACTIONS),
  id: idField.optional(),
  name: text(1, 50).optional(),
  stationIds: z.array(idField).max(100, { error: 'common.outOfRange' }).optional(),
  languageId: languageIdField,
});
/** data of category/edit: the group (null after delete). */
export const CategoryEditResultSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** POST device/add body: a device from the inventory, named by both serial numbers printed on it. */
export const DeviceAddBodySchema = z.object({
  stationId: idField,
  serialNumber: text(1, 50),
  commSerialNumber: text(1, 50),
  /** Device name; the inventory's name when omitted. */
  name: optionalText(50),
  languageId: languageIdField,
});
/** POST device/edit body: rename (spec §5 device name cannot be empty). */
export const DeviceEditBodySchema = z.object({
  deviceId: idField,
  name: text(1, 50),
  languageId: languageIdField,
});
/** POST device/move body: move to another of the owner's sites (history goes with the device). */
export const DeviceMoveBodySchema = z.object({
  deviceId: idField,
  stationId: idField,
  languageId: languageIdField,
});
/** POST device/del body: back to the inventory; its history is deleted in the background. */
export const DeviceDelBodySchema = z.object({ deviceId: idField, languageId: languageIdField });
/** data of device/add, edit and move. */
export const DeviceSavedSchema = z.object({ deviceId: z.number().int(), stationId: z.number().int() });
/** GET device/list query: the devices of one site. */
export const DeviceListQuerySchema = z.object({ stationId: idParam, languageId: languageIdField });
