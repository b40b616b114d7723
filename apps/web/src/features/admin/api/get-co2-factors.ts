/**
 * GET /owner_api/webpvesc/ajax/report/co2-factors: kg of CO2 per kWh by country code, the defaults and
 * the administrator's values (`custom`), sorted by country (issue 8 §3).
 */
import type { Co2FactorListSchema } from '@ems/contract/api/report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** One country's factor as the list answers it. */
export type Co2Factor = z.infer<typeof Co2FactorListSchema>[number];

/** The factors query (its key is shared with the reports, which recompute CO2 from it). */
export function co2FactorsQueryOptions() {
  return queryOptions({
    queryKey: ['reports', 'co2-factors'],
    queryFn: ({ signal }) => api.get<Co2Factor[]>('/webpvesc/ajax/report/co2-factors', undefined, signal),
  });
}

/** Every country's factor. */
export function useCo2Factors() {
  return useQuery(co2FactorsQueryOptions());
}
