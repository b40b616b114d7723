/**
 * Street tiles of the maps (issue 7 item 7): the administrator sets a tile-server URL template
 * (`https://tile.example.org/{z}/{x}/{y}.png`, Web Mercator XYZ tiles) in the console; the maps then fetch
 * tiles through the API's tile call (same origin: the web's Content-Security-Policy allows no other image
 * host, and the server is the one that needs the internet).
 */
import { z } from 'zod';
import { boundedInt, safeString } from '../bounds';
import { optionalText, optionalUrlField } from '../validation';
import { languageIdField } from './common';

/** Deepest tile zoom the maps ask for (most servers stop at 19). */
export const TILE_MAX_ZOOM = 19;

const isHttp = (v: string | null) => v === null || /^https?:\/\/[^\s/]+/i.test(v);
const holds = (keys: string[]) => (v: string | null) => v === null || keys.every((k) => v.includes(k));

/**
 * An http(s) URL template with {z}, {x} and {y}; empty means "no street tiles". Spec §5's URL rule
 * (optionalUrlField, 请输入正确的URL地址) first, then the placeholders (validation.tileUrl).
 */
export const tileUrlField = optionalUrlField
  .refine(isHttp, { error: 'validation.url' })
  .refine(holds(['{z}', '{x}', '{y}']), { error: 'validation.tileUrl' });

/**
 * Address search (issue 24 item 4): an http(s) URL template of a Nominatim-compatible search with {q}
 * where the typed address goes (e.g. `https://nominatim.example.org/search?format=jsonv2&q={q}`); empty
 * means no address search. Spec §5's URL rule, then the placeholder (validation.searchUrl).
 */
export const searchUrlField = optionalUrlField
  .refine(isHttp, { error: 'validation.url' })
  .refine(holds(['{q}']), { error: 'validation.searchUrl' });

/** POST manage/map/tiles body. */
export const MapTilesBodySchema = z.object({
  tileUrl: tileUrlField,
  /** Shown in the map's corner, as most tile servers require (e.g. "© OpenStreetMap contributors"). */
  attribution: optionalText(200),
  /** Address search of the site form; used only while a tile server is set (both need the internet). */
  searchUrl: searchUrlField,
  languageId: languageIdField,
});

/** The stored settings (GET manage/map/tiles): null tileUrl means no street tiles. */
export const MapTilesSettingsSchema = z.object({
  tileUrl: z.string().nullable(),
  attribution: z.string().nullable(),
  searchUrl: z.string().nullable(),
});
export type MapTilesSettings = z.infer<typeof MapTilesSettingsSchema>;

/** GET map/tiles/config: what a map needs (the URL itself stays on the server). */
export const MapTilesConfigSchema = z.object({
  enabled: z.boolean(),
  /** Address search is offered (a search URL and a tile server are set). */
  search: z.boolean(),
  attribution: z.string().nullable(),
  maxZoom: z.number().int(),
});
export type MapTilesConfig = z.infer<typeof MapTilesConfigSchema>;

/** GET map/tile query: one XYZ tile (x and y within 0..2^z−1, checked by the server). */
export const MapTileQuerySchema = z.object({
  z: boundedInt(0, TILE_MAX_ZOOM),
  x: boundedInt(0, 2 ** TILE_MAX_ZOOM - 1),
  y: boundedInt(0, 2 ** TILE_MAX_ZOOM - 1),
  languageId: languageIdField,
});

/** Most places an address search answers. */
export const GEOCODE_MAX_RESULTS = 5;

/** GET map/geocode query: the address typed in the site form. */
export const GeocodeQuerySchema = z.object({
  q: safeString(200, { trim: true }).min(2, { error: 'validation.length' }),
  languageId: languageIdField,
});

/** One place an address search found (WGS84 degrees). */
export const GeocodePlaceSchema = z.object({
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
});
export type GeocodePlace = z.infer<typeof GeocodePlaceSchema>;
