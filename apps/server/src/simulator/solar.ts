/**
 * Just enough solar geometry to place a measured PV day on any site and date: declination, equation of
 * time, solar noon and half-day length (standard textbook approximations, ±a few minutes).
 */
const RAD = Math.PI / 180;

/** Solar declination in radians for day of year `doy` (1..366). */
export function declination(doy: number): number {
  return 23.44 * RAD * Math.sin((2 * Math.PI * (284 + doy)) / 365);
}

/** Equation of time in minutes (apparent minus mean solar time). */
export function equationOfTimeMin(doy: number): number {
  const b = (2 * Math.PI * (doy - 81)) / 364;
  return 9.87 * Math.sin(2 * b) - 7.53 * Math.cos(b) - 1.5 * Math.sin(b);
}

/** Solar noon in minutes after 00:00 UTC at longitude `lonDeg` (east positive). */
export function solarNoonUtcMin(doy: number, lonDeg: number): number {
  return 720 - 4 * lonDeg - equationOfTimeMin(doy);
}

/** Minutes from sunrise to solar noon (0 in polar night, 720 in polar day). */
export function halfDayMin(latDeg: number, doy: number): number {
  const x = -Math.tan(latDeg * RAD) * Math.tan(declination(doy));
  if (x >= 1) return 0;
  if (x <= -1) return 720;
  return (Math.acos(x) / RAD) * 4;
}

/** Sine of the sun's elevation at solar noon (0 when it stays below the horizon). */
export function noonElevationSin(latDeg: number, doy: number): number {
  return Math.max(0, Math.cos(latDeg * RAD - declination(doy)));
}

/**
 * Relative clear-sky irradiance on a horizontal plane at solar noon: sin(elevation) × 0.7^(AM^0.678)
 * (Meinel's air-mass attenuation, AM ≈ 1/sin(elevation)). 0 when the sun stays below ~0.6°.
 */
export function clearSkyNoon(latDeg: number, doy: number): number {
  const s = noonElevationSin(latDeg, doy);
  return s <= 0.01 ? 0 : s * 0.7 ** ((1 / s) ** 0.678);
}

/** Day of year (1..366) of a UTC day index (days since 1970-01-01). */
export function dayOfYear(dayIndex: number): number {
  const d = new Date(dayIndex * 86_400_000);
  return dayIndex - Math.floor(Date.UTC(d.getUTCFullYear(), 0, 1) / 86_400_000) + 1;
}
