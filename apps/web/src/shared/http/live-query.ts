import { REFRESH_INTERVAL_MS } from '@ems/contract/constants';
import { keepPreviousData } from '@tanstack/react-query';

/**
 * Query options of live data (spec §2: the interface refreshes every 5 s): poll every
 * REFRESH_INTERVAL_MS and keep showing the previous answer while the next one loads, so nothing flickers.
 */
export const LIVE_QUERY = {
  refetchInterval: REFRESH_INTERVAL_MS,
  placeholderData: keepPreviousData,
} as const;
