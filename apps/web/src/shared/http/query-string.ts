/** A query value: scalars are sent once, arrays as repeated keys; null and undefined are left out. */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | boolean>;
/** GET parameters by name. */
export type QueryParams = Record<string, QueryValue>;

/**
 * Serialises GET parameters the way spec §7 asks: arrays as repeated keys
 * (`stationIds=1&stationIds=2`), no brackets, empty values dropped. Returns "" or "?…".
 */
export function buildQuery(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
