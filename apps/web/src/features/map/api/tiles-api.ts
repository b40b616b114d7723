/**
 * Street tiles for the maps (issue 7 item 7): whether the administrator set a tile server
 * (GET map/tiles/config), and each tile fetched through the API (GET map/tile) with the session's token,
 * handed to ECharts as a blob: URL (the Content-Security-Policy allows images from our origin and blob:).
 */
import type { GeocodePlace, MapTilesConfig } from '@ems/contract/api/map-tiles';
import { API_PREFIX, TOKEN_HEADER } from '@ems/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { getToken } from '../../../shared/session/cookies';

/** The maps' tile configuration; tiles stay off while it loads or fails. */
export function useTilesConfig() {
  return useQuery({
    queryKey: ['map', 'tiles', 'config'],
    queryFn: ({ signal }) => api.get<MapTilesConfig>('/webpvesc/ajax/map/tiles/config', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** Tiles kept as blob: URLs, oldest first; a few hundred tiles of ~20 KB each. */
const MAX_CACHED = 300;
const cache = new Map<string, Promise<string | null>>();

/**
 * The blob: URL of tile z/x/y, fetched once per page load (a tile the server cannot give, e.g. offline,
 * resolves to null and is asked again after the cache forgets it).
 */
export function loadTile(z: number, x: number, y: number): Promise<string | null> {
  const key = `${z}/${x}/${y}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers[TOKEN_HEADER] = token;
  const job = fetch(`${API_PREFIX}/webpvesc/ajax/map/tile?z=${z}&x=${x}&y=${y}`, { headers })
    .then(async (res) => {
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !type.startsWith('image/')) return null;
      return URL.createObjectURL(await res.blob());
    })
    .catch(() => null);
  cache.set(key, job);
  if (cache.size > MAX_CACHED) {
    const [oldest, old] = cache.entries().next().value as [string, Promise<string | null>];
    cache.delete(oldest);
    void old.then((url) => url && URL.revokeObjectURL(url));
  }
  return job;
}

/**
 * GET map/geocode (issue 24 item 4): places matching `q` from the administrator's address search,
 * offered only while map/tiles/config says `search`.
 */
export function searchAddress(q: string, signal?: AbortSignal): Promise<GeocodePlace[]> {
  return api.get<GeocodePlace[]>('/webpvesc/ajax/map/geocode', { q }, signal);
}
