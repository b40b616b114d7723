/**
 * Solar charging (issue 33, docs/ocpp.md "Solar charging"): each OCPP charger follows the site's PV surplus
 * in one of evcc's modes. The names and defaults shared by the server's controller, the API and the web app.
 */
import { z } from 'zod';
import { boundedInt, idField } from '../bounds';
import { idParam, languageIdField } from './common';

/**
 * Charging modes, evcc's names: `off` (no charging), `pv` (surplus only), `minpv` (the minimum current
 * always, more from surplus), `now` (as fast as the charger's rating and the site limit allow).
 */
export const SOLAR_MODES = ['off', 'pv', 'minpv', 'now'] as const;
export type SolarMode = (typeof SOLAR_MODES)[number];

/** Least and greatest minimum current a charger may be given, A per phase (IEC 61851-1: 6 A is the least). */
export const SOLAR_MIN_CURRENT_RANGE_A = [6, 32] as const;
/** Least and greatest priority of a charger: higher gets the surplus first, equals share it evenly. */
export const SOLAR_PRIORITY_RANGE = [0, 9] as const;
/** Priority when none is set. */
export const DEFAULT_SOLAR_PRIORITY = 0;
/** Minimum current when none is set, A per phase. */
export const DEFAULT_MIN_CURRENT_A = 6;
/** Nominal phase voltage the controller converts watts to amperes with, V (IEC 60038, 230/400 V). */
export const NOMINAL_PHASE_V = 230;
/** Battery-priority SOC when the site sets none, % (evcc's "battery priority"). */
export const DEFAULT_BATTERY_PRIORITY_SOC = 80;
/** Seconds the surplus must cover the minimum power before a `pv` charger starts (evcc: enable delay). */
export const DEFAULT_ENABLE_DELAY_S = 60;
/** Seconds the surplus may stay below the minimum power before a `pv` charger stops (evcc: disable delay). */
export const DEFAULT_DISABLE_DELAY_S = 180;
/** A grid meter sample older than this, s, is no surplus: `pv` goes to 0 and `minpv` to its minimum. */
export const METER_STALE_S = 30;

/**
 * Why a charger gets what it gets (shown on the Chargers card; `needW` and `remainingS` fill the text):
 * - `off`: mode off; `now`: full speed; `offline`: not connected to the platform (nothing can be sent);
 * - `noVehicle`: no car plugged in (pv: 0, minpv: its minimum ready);
 * - `noMeterData`: no grid meter sample for METER_STALE_S (pv: 0, minpv: minimum);
 * - `waitingForSurplus`: the surplus covers `needW` and the enable delay runs `remainingS` more;
 * - `insufficientSurplus`: the surplus is below `needW` (pv: 0; minpv: its minimum);
 * - `holdingMinimum`: the surplus fell below `needW`; the minimum holds `remainingS` more (disable delay);
 * - `surplus`: charging from surplus; `siteLimit` / `rating`: capped by the site limit or the charger.
 */
export const SOLAR_REASONS = [
  'off',
  'now',
  'offline',
  'noVehicle',
  'noMeterData',
  'waitingForSurplus',
  'insufficientSurplus',
  'holdingMinimum',
  'surplus',
  'siteLimit',
  'rating',
] as const;
export type SolarReason = (typeof SOLAR_REASONS)[number];

const outletField = boundedInt(1, 64);
const phasesField = z.union([z.literal(1), z.literal(3)], { error: 'common.illegalInput' });

/**
 * POST station/charger/mode body: a charger's solar-charging mode (connector 1 unless named), its minimum
 * current (A per phase, default DEFAULT_MIN_CURRENT_A), phases (default the charger's own) and priority
 * (SOLAR_PRIORITY_RANGE, default DEFAULT_SOLAR_PRIORITY: higher first, equals evenly).
 */
export const SolarModeBodySchema = z.object({
  deviceId: idField,
  connectorId: outletField.optional(),
  mode: z.enum(SOLAR_MODES, { error: 'common.illegalInput' }),
  minCurrentA: boundedInt(...SOLAR_MIN_CURRENT_RANGE_A).optional(),
  phases: phasesField.optional(),
  priority: boundedInt(...SOLAR_PRIORITY_RANGE).optional(),
  languageId: languageIdField,
});
export type SolarModeBody = z.infer<typeof SolarModeBodySchema>;

/**
 * A charger's solar-charging state in station/charger/list (null when it is under none): its settings
 * (mode, connector, minimum current, phases, priority) and
 * the controller's last decision: `limitA` per phase, why (`reason`), the power it waits for or lacks
 * (`needW`), the seconds its running delay has left (`remainingS`), the site's surplus then (`surplusW`,
 * null without fresh meter data), when (`decidedAt`, epoch ms), and the energy it charged and the part from
 * surplus (kWh, table charger_solar_days) today and this month, both in the site's time zone.
 */
export const ChargerSolarSchema = z.object({
  connectorId: z.number().int(),
  mode: z.enum(SOLAR_MODES),
  minCurrentA: z.number().int(),
  phases: z.union([z.literal(1), z.literal(3)]),
  priority: z.number().int(),
  limitA: z.number().nullable(),
  reason: z.enum(SOLAR_REASONS).nullable(),
  needW: z.number().nullable(),
  remainingS: z.number().nullable(),
  surplusW: z.number().nullable(),
  decidedAt: z.number().nullable(),
  todayChargedKwh: z.number(),
  todaySolarKwh: z.number(),
  monthChargedKwh: z.number(),
  monthSolarKwh: z.number(),
});
export type ChargerSolar = z.infer<typeof ChargerSolarSchema>;

/** GET station/charger/solar query. */
export const SolarSiteQuerySchema = z.object({ stationId: idParam, languageId: languageIdField });

/** POST station/charger/solar/set body: the site's solar-charging settings. */
export const SolarSiteSettingsBodySchema = z.object({
  stationId: idField,
  batteryPrioritySoc: boundedInt(0, 100),
  enableDelayS: boundedInt(0, 3600),
  disableDelayS: boundedInt(0, 3600),
  languageId: languageIdField,
});

/**
 * data of station/charger/solar and charger/solar/set: the site's settings, its grid meter's latest power
 * (W, > 0 buy; null: no meter sample) and when it was measured (epoch ms).
 */
export const SolarSiteSchema = z.object({
  batteryPrioritySoc: z.number().int(),
  enableDelayS: z.number().int(),
  disableDelayS: z.number().int(),
  gridW: z.number().nullable(),
  meterAt: z.number().nullable(),
});
export type SolarSite = z.infer<typeof SolarSiteSchema>;
