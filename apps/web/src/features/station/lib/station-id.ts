/**
 * A positive whole number read from a URL parameter (stationId, deviceId), or null for anything else
 * (missing, empty, 0, negative, 1.5, text), so a hand-edited URL never reaches the API.
 */
export function positiveIntParam(raw: string | null | undefined): number | null {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}
