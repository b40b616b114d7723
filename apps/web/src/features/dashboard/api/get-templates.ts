/** GET /owner_api/webpvesc/ajax/station/templates (contract StationTemplateSchema): site templates by code. */
import type { StationTemplate } from '@ems/contract/api/dictionary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

/** Reads every station template. */
export function getTemplates(signal?: AbortSignal): Promise<StationTemplate[]> {
  return api.get<StationTemplate[]>('/webpvesc/ajax/station/templates', undefined, signal);
}

/** Templates are reference data: read once per page load. */
export function templatesQueryOptions() {
  return queryOptions({
    queryKey: ['stations', 'templates'],
    queryFn: ({ signal }) => getTemplates(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Template names by templateCode (empty until loaded). */
export function useTemplateNames(): Map<string, string> {
  const { data } = useQuery(templatesQueryOptions());
  return new Map((data ?? []).map((t) => [t.templateCode, t.name]));
}
