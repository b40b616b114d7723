/**
 * GET /webpvesc/ajax/area/list (contract api/area.ts): the area tree in the viewer's language. It changes
 * only with a new server build, so it is kept in session storage (spec §3 "session storage caches …
 * area, area codes"): read once per language and browser session, not on every page.
 */
import type { AreaNode } from '@ems/contract/api/area';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { referenceQueryOptions } from '../../../shared/http/reference-data';

/** The area tree (countries, their subdivisions, and second levels where the data has them). */
export function useAreaTree() {
  return useQuery(
    referenceQueryOptions('area', (signal) => api.get<AreaNode[]>('/webpvesc/ajax/area/list', {}, signal)),
  );
}
