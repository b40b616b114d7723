/**
 * Solar charging (issue 33, docs/ocpp.md "Solar charging"): each OCPP charger follows the site's PV surplus
 * in one of evcc's modes. The names and defaults shared by the server's controller, the API and the web app.
 */

/**
 * Charging modes, evcc's names: `off` (no charging), `pv` (surplus only), `minpv` (the minimum current
 * always, more from surplus), `now` (as fast as the charger's rating and the site limit allow).
 */
export const SOLAR_MODES = ['off', 'pv', 'minpv', 'now'] as const;
export type SolarMode = (typeof SOLAR_MODES)[number];

/** Least and greatest minimum current a charger may be given, A per phase (IEC 61851-1: 6 A is the least). */
export const SOLAR_MIN_CURRENT_RANGE_A = [6, 32] as const;
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
