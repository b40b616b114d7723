/** GET /owner_api/webpvesc/ajax/manage/ingest (admin): the ingest's counters since the server started. */
import type { IngestStatus } from '@ems/contract/api/ingest';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

/** Reads the ingest status. */
export function getIngestStatus(signal?: AbortSignal): Promise<IngestStatus> {
  return api.get<IngestStatus>('/webpvesc/ajax/manage/ingest', undefined, signal);
}

/** The status query, refreshed every 5 s like the live views. */
export function ingestStatusQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'ingest'],
    queryFn: ({ signal }) => getIngestStatus(signal),
    refetchInterval: 5000,
  });
}

/** The ingest status, kept fresh while the tab is open. */
export function useIngestStatus() {
  return useQuery(ingestStatusQueryOptions());
}
