/**
 * The street-tile settings (issue 7 item 7), kept in the `settings` table under key 'map_tiles' like the
 * SMTP settings, and the fetch of one tile from the configured server.
 */
import type { MapTilesSettings } from '@ems/contract/api/map-tiles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/** Settings key of the tile server. */
export const MAP_TILES_SETTING = 'map_tiles';

/** The stored settings; no tile server when none was saved. */
export async function readMapTiles(db: Db): Promise<MapTilesSettings> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, MAP_TILES_SETTING));
  const v = rows[0]?.value as MapTilesSettings | undefined;
  return {
    tileUrl: v?.tileUrl ?? null,
    attribution: v?.attribution ?? null,
    searchUrl: v?.searchUrl ?? null,
  };
}

/** Saves the settings (a null tileUrl turns street tiles and address search off). @returns what is stored. */
export async function writeMapTiles(db: Db, value: MapTilesSettings): Promise<MapTilesSettings> {
  await db
    .insert(settings)
    .values({ key: MAP_TILES_SETTING, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}

/** The URL of tile z/x/y from `template` ({z}, {x}, {y}; also {s} as the first subdomain "a"). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y))
    .replaceAll('{s}', 'a');
}

/** A fetched tile: its image bytes and type. */
export interface Tile {
  type: string;
  data: Buffer;
}

/**
 * Fetches one tile (8 s at most). Tile servers ask for an identifying User-Agent.
 * @returns the tile, or null when the server is unreachable, answers an error or something not an image.
 */
export async function fetchTile(url: string, fetcher: typeof fetch = fetch): Promise<Tile | null> {
  try {
    const res = await fetcher(url, {
      signal: AbortSignal.timeout(8000),
      headers: { 'user-agent': 'energy-cloud-platform (street tiles of the site map)' },
    });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.startsWith('image/')) return null;
    const data = Buffer.from(await res.arrayBuffer());
    return data.length > 2_000_000 ? null : { type, data };
  } catch {
    return null;
  }
}
