/**
 * GET /webpvesc/ajax/area/list (contract api/area.ts): the area tree in the viewer's language. It changes
 * only with a new server build, so it is fetched once per language and session.
 */
import type { AreaNode } from '@ems/contract/api/area';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { currentLanguageCode } from '../../../shared/i18n/current-language';

/** The area tree (countries, their subdivisions, and second levels where the data has them). */
export function useAreaTree() {
  return useQuery({
    queryKey: ['area', 'list', currentLanguageCode()],
    queryFn: ({ signal }) => api.get<AreaNode[]>('/webpvesc/ajax/area/list', {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
