/**
 * Business constants of spec §9 (and §2/§4 where they name a number). Imported by server and web
 * so both sides agree on every limit.
 */
export const REFRESH_INTERVAL_MS = 5000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const APP_VERSION = 'V2.4.202';
export const LANGUAGE_COOKIE_DAYS = 3650;
export const ALARM_BADGE_CAP = 99;
export const ALARM_PAGE_SIZE = 10;
export const QR_PLATFORM = 2;
export const LOGIN_USER_TYPE = 1;
/** userType stored client-side after sign-in (spec §4). */
export const SESSION_USER_TYPE = 2;
export const SOC_LIMITS = { min: 5, max: 80, default: 20, gap: 10 } as const;
export const SELECTION_CAPS = [4, 5, 10] as const;
/** Spec §9 "maximum numbers of sites and devices" per account unless the administrator sets others. */
export const DEFAULT_MAX_STATIONS = 50;
export const DEFAULT_MAX_DEVICES = 500;
/** Highest per-account limit the administrator may set; above it is "data out of range". */
export const LIMIT_SETTING_MAX = 100_000;
/** Devices in one inventory import (manage/devices/import). */
export const INVENTORY_IMPORT_MAX = 1000;
/** Groups per account (spec §9 quantity upper limit). */
export const MAX_GROUPS = 50;
/** Largest site capacity accepted, in the type's unit (kWp, kW or kWh): 10 GW. */
export const CAPACITY_MAX = 10_000_000;
export const PASSWORD_MIN_LENGTH = 8;
export const TEXT_LENGTHS = [2, 6, 20, 50, 90] as const;
/** Timestamps with this many digits are seconds, not milliseconds (spec §9). */
export const SECONDS_TIMESTAMP_DIGITS = 10;
/** Below this age a time reads "just now" (spec §9). */
export const JUST_NOW_SECONDS = 30;
export const SUBSCRIPTION_PLANS = [
  { months: 1, yuanPerYear: 1200 },
  { months: 3, yuanPerYear: 3600 },
] as const;
/** |P| at or below this many watts is drawn as no flow (UX.md, OpenEMS energy monitor). */
export const IDLE_THRESHOLD_W = 49;
/** A device is offline when nothing arrived for this long. */
export const DEVICE_OFFLINE_AFTER_MS = 60_000;

/** System kinds of spec §1; the top bar offers them in this order, default 3 (spec §2). */
export const SYSTEM_TYPES = [1, 2, 6, 7, 3] as const;
export type SystemType = (typeof SYSTEM_TYPES)[number];
export const DEFAULT_SYSTEM_TYPE: SystemType = 3;

/** Languages seeded at first start; ids are stable and are what `languageId` carries (spec §3). */
export const LANGUAGES = [
  { id: 1, languageCode: 'en-US', languageName: 'English' },
  { id: 2, languageCode: 'zh-CN', languageName: '简体中文' },
  { id: 3, languageCode: 'pt-BR', languageName: 'Português (Brasil)' },
  { id: 4, languageCode: 'cs-CZ', languageName: 'Čeština' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['languageCode'];
export const DEFAULT_LANGUAGE_ID = 1;
/** Spec §7 base path of every owner API call. */
export const API_PREFIX = '/owner_api';
/** Header names of spec §7. */
export const TOKEN_HEADER = 'token';
export const LANGUAGE_HEADER = 'languageid';

/**
 * Issue 12: a step between two power samples longer than this (ms) counts as no energy when energy is
 * integrated from power (a device offline is not bridged). Per device type; types not listed use
 * the default. Loggers that sample every 15 min need a longer limit for their type.
 */
export const POWER_GAP_LIMIT_MS: { default: number } & Partial<Record<string, number>> = {
  default: 10 * 60_000,
};
