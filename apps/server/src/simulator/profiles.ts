/**
 * The committed driver profiles (profiles/*.json, made by scripts/derive-profiles.mjs from ../shared/data;
 * sources and licences are inside each file): measured PV days, BDEW household load profiles and
 * measured EV charging sessions. Read once, checked against these schemas.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const PvDaySchema = z.object({
  date: z.string(),
  doy: z.number().int().min(1).max(366),
  start: z.string(),
  /** Power-weighted centroid, minutes after the first sample: mapped onto the site's solar noon. */
  noonMin: z.number(),
  kwh: z.number(),
  /** 5-minute AC power in permille of the source series' maximum. */
  v: z.array(z.number()).min(12),
});
const PvProfilesSchema = z.object({
  stepMin: z.literal(5),
  peakKw: z.number(),
  /** Latitude assumed for the source site, to undo its seasonal amplitude. */
  assumedLatitude: z.number(),
  days: z.array(PvDaySchema).min(1),
});

const dayTypes = z.object({
  SA: z.array(z.number()).length(96),
  FT: z.array(z.number()).length(96),
  WT: z.array(z.number()).length(96),
});
const LoadProfilesSchema = z.object({
  /** Coefficients of t^4 … t^0 (t = day of year) of the BDEW dynamisation factor. */
  dynamisation: z.array(z.number()).length(5),
  /** Per month (0 = January): mean W per 1,000 kWh/a per quarter-hour and day type. */
  h25: z.array(dayTypes).length(12),
  s25: z.array(dayTypes).length(12),
});

const EvSessionsSchema = z.object({
  /** [plug-in minute of the local day, weekday (0 = Sunday), plugged-in minutes, Wh delivered]. */
  sessions: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])).min(1),
});

/** One measured PV day. */
export type PvDay = z.infer<typeof PvDaySchema>;
/** Measured PV days. */
export type PvProfiles = z.infer<typeof PvProfilesSchema>;
/** BDEW H25/S25 tables. */
export type LoadProfiles = z.infer<typeof LoadProfilesSchema>;
/** One EV session: [startMin, weekday, durationMin, wh]. */
export type EvSession = [number, number, number, number];

function load<T>(name: string, schema: z.ZodType<T>): T {
  return schema.parse(JSON.parse(readFileSync(new URL(`./profiles/${name}`, import.meta.url), 'utf8')));
}

let cached: { pv: PvProfiles; load: LoadProfiles; ev: EvSession[] } | null = null;

/** All profiles, loaded on first use. */
export function profiles(): { pv: PvProfiles; load: LoadProfiles; ev: EvSession[] } {
  if (!cached) {
    const pv = load('pv-days.json', PvProfilesSchema);
    pv.days.sort((a, b) => a.doy - b.doy);
    cached = {
      pv,
      load: load('load-bdew.json', LoadProfilesSchema),
      ev: load('ev-sessions.json', EvSessionsSchema).sessions as EvSession[],
    };
  }
  return cached;
}
