/**
 * GET station/systemtype/list with the site list page's filters, sort and paging (contract site-list.ts):
 * one page of the caller's sites with live values, refreshed every 5 s like the dashboard.
 */
import type { StationList } from '@ems/contract/api/station';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';
import { type SiteListState, siteListApiQuery } from '../lib/site-list-state';

/** One page of the site list for `state`; the previous page stays shown while the next one loads. */
export function useSiteListPage(state: SiteListState) {
  const query = siteListApiQuery(state);
  return useQuery({
    queryKey: ['stations', 'site-list', query],
    queryFn: ({ signal }) => api.get<StationList>('/webpvesc/ajax/station/systemtype/list', query, signal),
    ...LIVE_QUERY,
  });
}
