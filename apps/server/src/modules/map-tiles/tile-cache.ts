/**
 * Server-side cache of street tiles (issue 7 item 7). Public tile servers ask their users to cache
 * tiles (the OpenStreetMap tile usage policy, for one), and a fleet map asks for the same tiles again and
 * again: tiles are kept by their upstream URL for a day, up to `maxBytes` in all, and concurrent requests
 * for one tile share one upstream fetch (lru-cache's fetchMethod). Failures are not cached.
 */
import { LRUCache } from 'lru-cache';
import { fetchTile, type Tile } from './settings';

/** Default bound of the cache: 32 MB of tiles (a 256-px PNG is 5–40 KB). */
export const TILE_CACHE_BYTES = 32 * 1024 * 1024;
/** How long a tile is served from the cache: one day, as map/tile tells browsers too. */
export const TILE_CACHE_TTL_MS = 86_400_000;

/** A cache in front of fetchTile; `get(url)` resolves to the tile or null (unreachable, not an image). */
export function createTileCache(opts: { maxBytes?: number; fetcher?: typeof fetch } = {}) {
  const cache = new LRUCache<string, Tile>({
    maxSize: opts.maxBytes ?? TILE_CACHE_BYTES,
    sizeCalculation: (tile) => Math.max(1, tile.data.length),
    ttl: TILE_CACHE_TTL_MS,
    fetchMethod: async (url) => (await fetchTile(url, opts.fetcher)) ?? undefined,
  });
  return {
    async get(url: string): Promise<Tile | null> {
      return (await cache.fetch(url)) ?? null;
    },
  };
}
