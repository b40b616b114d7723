/**
 * A rough outdoor temperature for a latitude and local time (annual mean, seasons, day–night swing, slow
 * weather noise): enough to drive cabinet temperatures, room sensors and cooling load plausibly.
 */
import type { LocalTime } from './local-clock';
import { smoothNoise } from './random';

/** Outdoor air temperature, °C. */
export function outdoorTempC(latitude: number, local: LocalTime, seed: number, tMs: number): number {
  const absLat = Math.abs(latitude);
  const mean = 28 - 0.32 * absLat;
  const seasonAmp = 0.25 * absLat;
  // Coldest around 15 January in the north, 15 July in the south.
  const phase = (2 * Math.PI * (local.doy - 15)) / 365;
  const season = -Math.cos(phase) * seasonAmp * (latitude >= 0 ? 1 : -1);
  const day = 4 * Math.sin((2 * Math.PI * (local.minuteOfDay - 9 * 60)) / 1440);
  return mean + season + day + 2.5 * smoothNoise(seed, tMs, 6 * 3_600_000);
}
