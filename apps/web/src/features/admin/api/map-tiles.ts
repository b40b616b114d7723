/** GET/POST /owner_api/webpvesc/ajax/manage/map/tiles (admin): the maps' street-tile server (issue 7 item 7). */
import type { MapTilesBodySchema, MapTilesSettings } from '@ems/contract/api/map-tiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The settings as the form sends them (languageId is added by the client). */
export type MapTilesInput = Omit<z.input<typeof MapTilesBodySchema>, 'languageId'>;

/** The settings query. */
export function mapTilesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'map-tiles'],
    queryFn: ({ signal }) => api.get<MapTilesSettings>('/webpvesc/ajax/manage/map/tiles', undefined, signal),
  });
}

/** The stored tile-server settings. */
export function useMapTilesSettings() {
  return useQuery(mapTilesQueryOptions());
}

/** Saves the settings; an empty URL turns street tiles off. */
export function saveMapTiles(body: MapTilesInput): Promise<MapTilesSettings> {
  return api.post<MapTilesSettings>('/webpvesc/ajax/manage/map/tiles', body);
}
