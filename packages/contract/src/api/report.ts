/**
 * Report calls under /owner_api/webpvesc/ajax/report (issue 8 §3–4): energy, yield, self ratios,
 * CO2 avoided and money of a site, a group or all of the caller's sites, per day, month or year,
 * and their export. Energy in kWh, specific yield in kWh/kWp, ratios in %, CO2 in kg, money in the
 * sites' currency (null when the sites mix currencies or have no tariff).
 */
import { z } from 'zod';
import { safeString } from '../bounds';
import { SELECTION_CAPS } from '../constants';
import { idParam, languageIdField, localDate, repeatedKey } from './common';

/**
 * Scope and period of a report: `stationIds` (repeated key), else `groupId`, else all of the caller's
 * sites; statisticsType 1 a day (rows per hour), 2 a month (rows per day), 3 a year (rows per month).
 */
export const ReportQuerySchema = z.object({
  stationIds: repeatedKey(idParam, 1000).optional(),
  groupId: idParam.optional(),
  statisticsType: z.coerce.number().int().min(1).max(3).default(2),
  searchDate: localDate,
  languageId: languageIdField,
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** Export of a report: the same scope plus the file format. */
export const ReportExportQuerySchema = ReportQuerySchema.extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

/** The figures of one row or of the totals; null means "no data" (shown as –). */
export const ReportFiguresSchema = z.object({
  productionKwh: z.number().nullable(),
  consumptionKwh: z.number().nullable(),
  gridBuyKwh: z.number().nullable(),
  gridSellKwh: z.number().nullable(),
  chargeKwh: z.number().nullable(),
  dischargeKwh: z.number().nullable(),
  /** kWh per kWp of the sites that produced. */
  specificYield: z.number().nullable(),
  /**
   * %, from this row's own sums: (1 − gridSellKwh / productionKwh) × 100 and (1 − gridBuyKwh /
   * consumptionKwh) × 100; null where no site of the row has a grid meter (self-consumption also where
   * nothing produced).
   */
  selfConsumption: z.number().nullable(),
  selfSufficiency: z.number().nullable(),
  /** kg of CO2 avoided: production × the country's factor. */
  co2Kg: z.number().nullable(),
  /** Feed-in × feed-in price. */
  revenue: z.number().nullable(),
  /** Self-used production (production − feed-in) × the buy price of its hour. */
  savings: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const ReportRowSchema = ReportFiguresSchema.extend({
  /** Site-local `HH:mm`, `YYYY-MM-DD` or `YYYY-MM`. */
  label: z.string(),
});

export const ReportSchema = z.object({
  statisticsType: z.number().int(),
  searchDate: z.string(),
  /** First and last local day of the period. */
  from: z.string(),
  to: z.string(),
  stationIds: z.array(z.number().int()),
  capacityKwp: z.number(),
  /** ISO currency code of every site's tariff, null when they differ. */
  currency: z.string().nullable(),
  /**
   * Why revenue and savings are empty throughout: no site of the report has a tariff (`noTariff`), or
   * their tariffs are in different currencies (`mixedCurrencies`); null when they are computed.
   */
  moneyNote: z.enum(['noTariff', 'mixedCurrencies']).nullable(),
  /** Sites of the report without a tariff: their revenue and savings are not in the sums. */
  sitesWithoutTariff: z.number().int(),
  totals: ReportFiguresSchema,
  rows: z.array(ReportRowSchema),
});
export type Report = z.infer<typeof ReportSchema>;

const clock = safeString(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });
const price = z.number().min(0).max(1000);

/** A peak or valley period in site-local time; from > to crosses midnight. */
export const TariffPeriodSchema = z.object({ from: clock, to: clock, price });

/**
 * A site's tariff in its currency per kWh. `set` false: the owner has not set one yet (prices 0, no
 * periods); the site's currency is answered all the same, for the form's price unit.
 */
export const TariffSchema = z.object({
  stationId: z.number().int(),
  currency: z.string(),
  set: z.boolean(),
  buyPrice: price,
  feedInPrice: price,
  periods: z.array(TariffPeriodSchema).max(10),
});
export type Tariff = z.infer<typeof TariffSchema>;

export const TariffQuerySchema = z.object({ stationId: idParam, languageId: languageIdField });

/** PUT tariff body (owner only). */
export const TariffEditBodySchema = z.object({
  stationId: idParam,
  buyPrice: price,
  feedInPrice: price,
  periods: z.array(TariffPeriodSchema).max(10).default([]),
  languageId: languageIdField,
});

/** CO2 factor of one country, kg per kWh; `custom` when the administrator set it. */
export const Co2FactorSchema = z.object({
  country: z.string(),
  kgPerKwh: z.number(),
  custom: z.boolean(),
});
export const Co2FactorListSchema = z.array(Co2FactorSchema);

/** ISO 3166-1 alpha-2 country code in capitals (`DE`). */
const countryCode = safeString(2).regex(/^[A-Z]{2}$/, { error: 'common.illegalInput' });

/** PUT co2-factors body (administrator): kg of CO2 per kWh, 0–5. */
export const Co2FactorEditBodySchema = z.object({
  country: countryCode,
  kgPerKwh: z.number().min(0).max(5),
  languageId: languageIdField,
});

/** POST co2-factors/del body (administrator): drops the administrator's value; the default applies again. */
export const Co2FactorDeleteBodySchema = z.object({ country: countryCode, languageId: languageIdField });

/** Spec §5: a multi-select holds at most 5 device metrics (the middle selection cap). */
export const MAX_DEVICE_METRICS = SELECTION_CAPS[1];

/**
 * GET report/device-lines: one local day of chosen points of one device (SunSpec names as the device
 * sends them, e.g. W, SoC, PhVphA, AphA, TmpCab), averaged per 5 minutes.
 */
export const DeviceLinesQuerySchema = z.object({
  stationId: idParam,
  deviceId: idParam,
  searchDate: localDate,
  metrics: repeatedKey(
    safeString(40).regex(/^[A-Za-z][A-Za-z0-9_]*$/, { error: 'common.illegalInput' }),
    MAX_DEVICE_METRICS,
    1,
  ),
  languageId: languageIdField,
});

export const DeviceLinesSchema = z.object({
  stationId: z.number().int(),
  deviceId: z.number().int(),
  searchDate: z.string(),
  timeZone: z.string(),
  /** Bucket start times, ISO-8601 UTC, every 5 minutes of the local day. */
  times: z.array(z.string()),
  /** One series per metric asked; null is a gap. */
  series: z.array(z.object({ key: z.string(), values: z.array(z.number().nullable()) })),
});
export type DeviceLines = z.infer<typeof DeviceLinesSchema>;

/**
 * GET report/charger-sessions and report/ups-events: one device's sessions or on-battery events in the
 * month (2), year (3) or all time (4) holding searchDate; format=csv answers a file instead.
 */
export const DeviceEventsQuerySchema = z.object({
  stationId: idParam,
  deviceId: idParam,
  statisticsType: z.coerce.number().int().min(2).max(4).default(2),
  searchDate: localDate,
  format: z.enum(['json', 'csv']).default('json'),
  languageId: languageIdField,
});

/**
 * A charging session. Times ISO-8601 UTC; end null while ongoing. An MQTT charger's session is a run of
 * plugged-in samples and the OCPP fields are null; an OCPP charger's is a transaction (docs/ocpp.md
 * "Sessions and reports"): its energy is meterStop − meterStart, or the latest reading while it is open.
 */
export const ChargerSessionSchema = z.object({
  start: z.string(),
  end: z.string().nullable(),
  energyKwh: z.number().nullable(),
  durationMin: z.number(),
  /** 0–100 %, the share not bought from the grid; null without PV or meter. */
  solarShare: z.number().nullable(),
  /** OCPP transaction id; null for an MQTT charger. */
  transactionId: z.number().int().nullable(),
  /** OCPP connector (1..); null for an MQTT charger. */
  connectorId: z.number().int().nullable(),
  /** The id tag (RFID card, app token) that started it; null for an MQTT charger. */
  idTag: z.string().nullable(),
  /** OCPP StopTransaction reason (Local, Remote, EVDisconnected…, Replaced); null while open or for MQTT. */
  stopReason: z.string().nullable(),
  /** True when the platform closed it itself (a new start took its connector); null for an MQTT charger. */
  inferred: z.boolean().nullable(),
});
export type ChargerSession = z.infer<typeof ChargerSessionSchema>;
/**
 * Solar charging's share of an OCPP charger's charging in the period (issue 33, docs/ocpp.md "Solar
 * charging"): kWh charged while under solar control and the part from PV surplus (table charger_solar_days,
 * days in the site's time zone), and that part in % (one decimal; null when nothing was charged).
 */
export const ChargerSurplusSchema = z.object({
  chargedKwh: z.number(),
  surplusKwh: z.number(),
  share: z.number().nullable(),
});
export type ChargerSurplus = z.infer<typeof ChargerSurplusSchema>;
export const ChargerSessionsSchema = z.object({
  sessions: z.array(ChargerSessionSchema),
  energyKwh: z.number(),
  /** Null when the charger was never under solar control in the period. */
  surplus: ChargerSurplusSchema.nullable(),
});
export type ChargerSessions = z.infer<typeof ChargerSessionsSchema>;

/** A UPS on-battery event; end null while ongoing. */
export const UpsEventSchema = z.object({
  start: z.string(),
  end: z.string().nullable(),
  durationMin: z.number(),
  /** Lowest SOC seen during the event, %. */
  minSoc: z.number().nullable(),
});
export const UpsEventsSchema = z.array(UpsEventSchema);
export type UpsEvents = z.infer<typeof UpsEventsSchema>;
