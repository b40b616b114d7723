/**
 * The site form's address search (issue 24 item 4): the typed address goes to the administrator's
 * Nominatim-compatible search (`searchUrl`, {q} replaced by the URL-encoded text), whose JSON answer
 * (`[{display_name, lat, lon}]`, degrees as text) becomes places with numeric WGS84 coordinates.
 */
import { GEOCODE_MAX_RESULTS, type GeocodePlace } from '@ems/contract/api/map-tiles';
import { z } from 'zod';

/** The fields of a Nominatim search result the form uses; other fields are ignored. */
const NominatimPlaceSchema = z.object({
  display_name: z.string(),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

/**
 * Asks the search at `template` for `text` (8 s at most), in `language` (Accept-Language, e.g. pt-BR).
 * @returns up to GEOCODE_MAX_RESULTS places (results it cannot read are skipped), or null when the
 *   search is unreachable or answers an error or something not a list.
 */
export async function searchPlaces(
  template: string,
  text: string,
  language: string,
  fetcher: typeof fetch = fetch,
): Promise<GeocodePlace[] | null> {
  try {
    const res = await fetcher(template.replaceAll('{q}', encodeURIComponent(text)), {
      signal: AbortSignal.timeout(8000),
      headers: {
        'user-agent': 'energy-cloud-platform (address search of the site form)',
        'accept-language': language,
        accept: 'application/json',
      },
    });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    if (!Array.isArray(body)) return null;
    return body
      .flatMap((item) => {
        const parsed = NominatimPlaceSchema.safeParse(item);
        return parsed.success
          ? [{ name: parsed.data.display_name, longitude: parsed.data.lon, latitude: parsed.data.lat }]
          : [];
      })
      .slice(0, GEOCODE_MAX_RESULTS);
  } catch {
    return null;
  }
}
