import { REFRESH_INTERVAL_MS } from '@ems/contract/constants';
import { keepPreviousData } from '@tanstack/react-query';

/**
 * Query options of live data (spec §2: the interface refreshes every 5 s): poll every
 * REFRESH_INTERVAL_MS and keep showing the previous answer while the next one loads, so nothing flickers.
 * An answer younger than one cycle is fresh: a second component (or page) mounting the same query within
 * the cycle reads it instead of fetching again; the poll and invalidations after a change still fetch.
 */
export const LIVE_QUERY = {
  refetchInterval: REFRESH_INTERVAL_MS,
  staleTime: REFRESH_INTERVAL_MS - 500,
  placeholderData: keepPreviousData,
} as const;
