/**
 * GET /owner_api/webpvesc/ajax/station/list/real for the charging dashboard's "chargers charging n/N"
 * card: the live device values of the listed sites (at most 100 per call, as the contract allows).
 */
import type { StationReal } from '@ems/contract/api/station';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';
import { chargersCharging } from '../lib/kpis';

const MAX_IDS = 100;

/** Counts chargers charging across the sites, 100 ids per call. */
export async function getChargerActivity(stationIds: readonly number[], signal?: AbortSignal) {
  const chunks: number[][] = [];
  for (let i = 0; i < stationIds.length; i += MAX_IDS) chunks.push(stationIds.slice(i, i + MAX_IDS));
  const answers = await Promise.all(
    chunks.map((ids) =>
      api.get<StationReal[]>('/webpvesc/ajax/station/list/real', { stationIds: ids }, signal),
    ),
  );
  return chargersCharging(answers.flat());
}

/** Chargers charging out of all chargers; idle unless `enabled` (charging sites only). */
export function useChargerActivity(stationIds: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: ['stations', 'charger-activity', stationIds],
    queryFn: ({ signal }) => getChargerActivity(stationIds, signal),
    enabled: enabled && stationIds.length > 0,
    ...LIVE_QUERY,
  });
}
