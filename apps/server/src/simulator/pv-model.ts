/**
 * PV power of a site from measured days (profiles/pv-days.json). For each solar day at the site, one
 * measured day of the same season is chosen (per site, so neighbouring sites see different weather); its
 * power-weighted centroid is put on the site's solar noon and its daylight stretched to the site's day
 * length, so noon lands at the right local clock time in every time zone. The amplitude is scaled by the
 * ratio of clear-sky noon irradiance (site vs. source), which gives winters and high latitudes their low yield.
 */
import type { PvDay, PvProfiles } from './profiles';
import { rand, smoothNoise } from './random';
import { clearSkyNoon, dayOfYear, halfDayMin, solarNoonUtcMin } from './solar';

/** What the PV model needs to know about a site. */
export interface PvSite {
  latitude: number;
  longitude: number;
  /** Installed DC capacity in W (kWp × 1000). */
  capacityW: number;
  /** Inverter AC limit in W: output is clipped here. */
  ratedW: number;
  seed: number;
}

interface SolarDay {
  index: number;
  noonAbsMin: number;
  halfMin: number;
  day: PvDay;
  factor: number;
}

/** Picks the measured day used for the site's solar day `dayIndex` (season-matched, per-site choice). */
export function pickPvDay(pv: PvProfiles, site: Pick<PvSite, 'latitude' | 'seed'>, dayIndex: number): PvDay {
  const doy = dayOfYear(dayIndex);
  // Southern sites live half a year apart; winter days (outside the measured Mar–Oct) take the nearest edge.
  const seasonal = site.latitude < 0 ? ((doy + 182 - 1) % 365) + 1 : doy;
  const days = pv.days;
  const first = days[0]!.doy;
  const last = days[days.length - 1]!.doy;
  const target = Math.min(last, Math.max(first, seasonal));
  const nearest = [...days].sort((a, b) => Math.abs(a.doy - target) - Math.abs(b.doy - target)).slice(0, 4);
  return nearest[Math.floor(rand(site.seed, dayIndex) * nearest.length)]!;
}

/** A PV power function for one site; keeps a one-day cache, so call it with increasing times. */
export function createPvModel(pv: PvProfiles, site: PvSite): (tMs: number) => number {
  let cache: SolarDay | null = null;
  const approxNoonMin = 720 - 4 * site.longitude;

  const solarDay = (index: number): SolarDay => {
    if (cache?.index === index) return cache;
    const doy = dayOfYear(index);
    const day = pickPvDay(pv, site, index);
    const source = clearSkyNoon(pv.assumedLatitude, day.doy);
    const target = clearSkyNoon(site.latitude, doy);
    cache = {
      index,
      noonAbsMin: index * 1440 + solarNoonUtcMin(doy, site.longitude),
      halfMin: halfDayMin(site.latitude, doy),
      day,
      factor: Math.min(1.2, target / Math.max(0.05, source)),
    };
    return cache;
  };

  return (tMs: number): number => {
    const absMin = tMs / 60_000;
    const sd = solarDay(Math.round((absMin - approxNoonMin) / 1440));
    const x = absMin - sd.noonAbsMin;
    if (sd.halfMin <= 0 || Math.abs(x) >= sd.halfMin) return 0;
    const v = sd.day.v;
    const span = (v.length - 1) * pv.stepMin;
    const c = sd.day.noonMin;
    const u = (c + (x / sd.halfMin) * (x < 0 ? c : span - c)) / pv.stepMin;
    const i = Math.min(v.length - 2, Math.max(0, Math.floor(u)));
    const f = Math.min(1, Math.max(0, u - i));
    const permille = v[i]! + (v[i + 1]! - v[i]!) * f;
    const noise = 1 + 0.03 * smoothNoise(site.seed, tMs, 7 * 60_000);
    const w = (site.capacityW * permille * sd.factor * noise) / 1000;
    return Math.max(0, Math.min(site.ratedW, w));
  };
}
