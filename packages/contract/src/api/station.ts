/**
 * Station (site) calls under /owner_api/webpvesc/ajax/station (spec §7). Power in W, energy in kWh,
 * SOC in %; times ISO-8601 UTC; `searchDate` is a local date in the site's time zone.
 */
import { z } from 'zod';
import { boundedInt, pageNumField, pageSizeField, safeString, withSpans } from '../bounds';
import { SELECTION_CAPS } from '../constants';
import { DEVICE_TYPES } from '../telemetry';
import { idParam, languageIdField, localDate, queryBool, repeatedKey, systemTypeField } from './common';
import { EnergySourceSchema } from './energy';
import { GroupNodeSchema } from './fleet';
import { SiteListFilterFields } from './site-list';

/** GET systemtype/list query. */
export const StationListQuerySchema = z.object({
  systemType: systemTypeField,
  ispaging: queryBool.optional(),
  pageNum: pageNumField.optional(),
  pageSize: pageSizeField.optional(),
  filterText: safeString(90).optional(),
  hadArea: queryBool.optional(),
  /** GROUP adds the caller's groups with their sites of this type; other values list sites only. */
  nodeTypeEnum: safeString(50).optional(),
  languageId: languageIdField,
  ...SiteListFilterFields,
});

/** One row of the dashboard's site table. Nulls mean "no data" (shown as –, never 0). */
export const StationSummarySchema = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  systemType: z.number().int(),
  templateCode: z.string(),
  address: z.string(),
  country: z.string(),
  timeZone: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  /** kWp */
  capacity: z.number(),
  online: z.boolean(),
  deviceCount: z.number().int(),
  onlineDeviceCount: z.number().int(),
  /** Main power now in W: PV production, charging power or UPS load by system type. */
  powerW: z.number().nullable(),
  /** Main energy today (site-local day) in kWh. */
  todayKwh: z.number().nullable(),
  /** Average battery SOC in % (storage and UPS sites). */
  soc: z.number().nullable(),
  /** Chargers of the site, and how many of them are online and charging (|W| above the idle threshold). */
  chargerCount: z.number().int(),
  chargersCharging: z.number().int(),
  /** Worst active alarm level (spec §4), null when none. */
  worstAlarmLevel: z.number().int().nullable(),
  lastSeen: z.string().nullable(),
});
export type StationSummary = z.infer<typeof StationSummarySchema>;
/**
 * data of systemtype/list: one page of sites; with nodeTypeEnum=GROUP also the caller's groups holding
 * the listed type's sites (spec §7 "return groups and sites").
 */
export const StationListSchema = z.object({
  rows: z.array(StationSummarySchema),
  total: z.number().int(),
  groups: z.array(GroupNodeSchema).optional(),
});
export type StationList = z.infer<typeof StationListSchema>;

/** GET baseinfo query. */
export const StationBaseInfoQuerySchema = z.object({
  stationId: idParam,
  systemType: systemTypeField.optional(),
  languageId: languageIdField,
});

/**
 * Spec §3 Device as the API shows it. The two serial numbers together claim a device from the inventory
 * (device/add), so only the site's owner and administrators get them: null for a shared viewer
 * (docs/permissions.md), and the web shows a dash.
 */
export const DeviceInfoSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  serialNumber: z.string().nullable(),
  commSerialNumber: z.string().nullable(),
  type: z.enum(DEVICE_TYPES),
  model: z.string().nullable(),
  manufacturer: z.string().nullable(),
  softwareVersion: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
  ratedPowerW: z.number().nullable(),
  capacityWh: z.number().nullable(),
  online: z.boolean(),
  lastSeen: z.string().nullable(),
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

/** Spec §3 Site (Station) detail. */
export const StationBaseInfoSchema = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  address: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  capacity: z.number(),
  systemType: z.number().int(),
  templateCode: z.string(),
  timeZone: z.string(),
  country: z.string(),
  currency: z.string(),
  ownerName: z.string(),
  /** Area tree code, null when not chosen. */
  areaCode: z.string().nullable(),
  /** The caller's group the site sits under (spec §5). */
  groupId: z.number().int(),
  createdAt: z.string(),
  devices: z.array(DeviceInfoSchema),
});
export type StationBaseInfo = z.infer<typeof StationBaseInfoSchema>;

/** GET list/real query: live values of one or more sites. */
export const ListRealQuerySchema = z.object({
  stationIds: repeatedKey(idParam, 100, 1),
  templateCode: safeString(50).optional(),
  isSimple: queryBool.optional(),
  statisticsType: boundedInt(1, 4).optional(),
  searchDate: localDate.optional(),
  languageId: languageIdField,
});

/**
 * Live energy flow of a site in W. gridW > 0 buys, < 0 sells; batteryW > 0 discharges, < 0 charges;
 * loadW is household consumption including chargers. Null where the site has no such device.
 */
export const EnergyFlowSchema = z.object({
  pvW: z.number().nullable(),
  gridW: z.number().nullable(),
  batteryW: z.number().nullable(),
  loadW: z.number().nullable(),
  chargerW: z.number().nullable(),
  soc: z.number().nullable(),
});
export type EnergyFlow = z.infer<typeof EnergyFlowSchema>;

/** Energy of the site-local day so far, kWh. */
export const EnergyTotalsSchema = z.object({
  productionKwh: z.number().nullable(),
  consumptionKwh: z.number().nullable(),
  gridBuyKwh: z.number().nullable(),
  gridSellKwh: z.number().nullable(),
  chargeKwh: z.number().nullable(),
  dischargeKwh: z.number().nullable(),
});
export type EnergyTotals = z.infer<typeof EnergyTotalsSchema>;

/** Live values of one device: SunSpec-named points as last received. */
export const DeviceRealSchema = z.object({
  deviceId: z.number().int(),
  type: z.enum(DEVICE_TYPES),
  online: z.boolean(),
  lastSeen: z.string().nullable(),
  ts: z.string().nullable(),
  todayKwh: z.number().nullable(),
  /** Issue 12: source of todayKwh. */
  todaySource: EnergySourceSchema.optional(),
  points: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
});
export type DeviceReal = z.infer<typeof DeviceRealSchema>;

export const StationRealSchema = z.object({
  stationId: z.number().int(),
  online: z.boolean(),
  lastSeen: z.string().nullable(),
  flow: EnergyFlowSchema,
  today: EnergyTotalsSchema,
  /** Issue 12: source of `today` (counter, power = estimated from power, mixed, null). */
  todaySource: EnergySourceSchema.optional(),
  /** Omitted when isSimple is true. */
  devices: z.array(DeviceRealSchema).optional(),
});
export type StationReal = z.infer<typeof StationRealSchema>;
export const ListRealSchema = z.array(StationRealSchema);

/** GET lines query: one local day of power lines; interval in minutes (5, 15, 30 or 60). */
/** Longest span of a line in local days, both ends included: 20 years of monthly points. */
export const LINES_MAX_SPAN_DAYS = 20 * 366;

export const LinesQuerySchema = withSpans(
  z.object({
    stationId: idParam,
    deviceId: idParam.optional(),
    interval: z.coerce
      .number()
      .int()
      .refine((v) => [5, 15, 30, 60].includes(v), { error: 'common.outOfRange' })
      .default(5),
    searchDate: localDate.optional(),
    unitUpgrade: queryBool.optional(),
    templateCode: safeString(50).optional(),
    fullTime: queryBool.optional(),
    /**
     * Issue 12: last local day (inclusive) of a span starting at searchDate; the resolution follows the
     * span (≤ 1 day: interval, ≤ 1 week: 1 h, ≤ 3 months: 1 day, longer: 1 month).
     */
    endDate: localDate.optional(),
    /** Issue 12: the chart's width in pixels; at most about twice as many points are returned. */
    width: z.coerce.number().int().min(20).max(10_000).optional(),
    languageId: languageIdField,
  }),
  [{ from: 'searchDate', to: 'endDate', maxDays: LINES_MAX_SPAN_DAYS - 1, kind: 'date' }],
);

export const LineSeriesSchema = z.object({
  key: z.string(),
  /** W, kW, MW (unitUpgrade) or % for SOC. */
  unit: z.string(),
  /** One value per time; null is a gap (no data), never 0. */
  values: z.array(z.number().nullable()),
});
export const LinesSchema = z.object({
  stationId: z.number().int(),
  deviceId: z.number().int().nullable(),
  searchDate: z.string(),
  timeZone: z.string(),
  /** Bucket start times, ISO-8601 UTC. */
  times: z.array(z.string()),
  series: z.array(LineSeriesSchema),
  /**
   * Issue 12: bucket size used (`5min`, `15min`, `30min`, `1h`, `1d`, `1mo`); day and month buckets
   * also carry energy series (`productionEnergy`…, kWh, or MWh/GWh with unitUpgrade).
   */
  resolution: z.string().optional(),
});
export type Lines = z.infer<typeof LinesSchema>;

/**
 * statisticsType: 1 day (buckets per hour), 2 month (per day), 3 year (per month), 4 total (per year).
 * Scope: one site (`stationId`), or (issue 12) the caller's group `groupId`, or `all=1` for every site
 * the caller may view; exactly one of them.
 */
export const StatisticsQuerySchema = z
  .object({
    stationId: idParam.optional(),
    /** Issue 12: the sites of one of the caller's groups. */
    groupId: idParam.optional(),
    /** Issue 12: `1` for all of the caller's sites. */
    all: z.coerce.number().int().min(1).max(1).optional(),
    statisticsType: z.coerce.number().int().min(1).max(4).default(1),
    searchDate: localDate.optional(),
    languageId: languageIdField,
  })
  .refine((q) => [q.stationId, q.groupId, q.all].filter((v) => v !== undefined).length === 1, {
    message: 'one of stationId, groupId, all',
    path: ['stationId'],
  });
/**
 * Issue 24 item 16: the history comparison shows at most 4 sites side by side, the smallest of spec §5's
 * multi-select caps (SELECTION_CAPS, spec §9); each site is read with its own statistics call.
 */
export const MAX_COMPARE_SITES = SELECTION_CAPS[0];

/**
 * The sites of the history comparison as its page query carries them (`?stationIds=1&stationIds=2`,
 * repeated keys like spec §7's array parameters): database ids (bounds.ts), at most MAX_COMPARE_SITES.
 * The web's site chooser and its URL reading both check a selection with this one rule.
 */
export const CompareSitesSchema = repeatedKey(idParam, MAX_COMPARE_SITES);

export const StatisticsBucketSchema = EnergyTotalsSchema.extend({ label: z.string(), start: z.string() });
export const StatisticsSchema = z.object({
  /** The site asked for; 0 when the answer covers a group or all sites (then see stationIds). */
  stationId: z.number().int(),
  /** Issue 12: every site the figures add up (one entry for a single site). */
  stationIds: z.array(z.number().int()).optional(),
  statisticsType: z.number().int(),
  searchDate: z.string(),
  buckets: z.array(StatisticsBucketSchema),
  totals: EnergyTotalsSchema,
  /** Issue 12: source of the figures (counter, power = estimated from power, mixed, null). */
  energySource: EnergySourceSchema.optional(),
  /** (1 − buy / consumption) × 100, clamped 0–100 (UX.md). */
  selfSufficiency: z.number().nullable(),
  /** (1 − sell / production) × 100, floor 0. */
  selfConsumption: z.number().nullable(),
});
export type Statistics = z.infer<typeof StatisticsSchema>;
