/**
 * Street tiles of the maps (issue 7 item 7): the administrator sets a tile-server URL template
 * (`https://tile.example.org/{z}/{x}/{y}.png`, Web Mercator XYZ tiles) in the console; the maps then fetch
 * tiles through the API's tile call (same origin: the web's Content-Security-Policy allows no other image
 * host, and the server is the one that needs the internet).
 */
import { z } from 'zod';
import { boundedInt, safeString } from '../bounds';
import { optionalText } from '../validation';
import { languageIdField } from './common';

/** Deepest tile zoom the maps ask for (most servers stop at 19). */
export const TILE_MAX_ZOOM = 19;

/** An http(s) URL template with {z}, {x} and {y}; empty means "no street tiles". */
export const tileUrlField = z
  .union([
    z.literal(''),
    safeString(300, { trim: true }).refine(
      (v) => /^https?:\/\/[^\s/]+/i.test(v) && ['{z}', '{x}', '{y}'].every((k) => v.includes(k)),
      { error: 'validation.tileUrl' },
    ),
  ])
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** POST manage/map/tiles body. */
export const MapTilesBodySchema = z.object({
  tileUrl: tileUrlField,
  /** Shown in the map's corner, as most tile servers require (e.g. "© OpenStreetMap contributors"). */
  attribution: optionalText(200),
  languageId: languageIdField,
});

/** The stored settings (GET manage/map/tiles): null tileUrl means no street tiles. */
export const MapTilesSettingsSchema = z.object({
  tileUrl: z.string().nullable(),
  attribution: z.string().nullable(),
});
export type MapTilesSettings = z.infer<typeof MapTilesSettingsSchema>;

/** GET map/tiles/config: what a map needs (the URL itself stays on the server). */
export const MapTilesConfigSchema = z.object({
  enabled: z.boolean(),
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
