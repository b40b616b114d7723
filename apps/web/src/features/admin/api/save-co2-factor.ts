/**
 * PUT /owner_api/webpvesc/ajax/report/co2-factors (administrator): sets a country's factor, kg/kWh 0–5;
 * POST …/co2-factors/del drops it so the default applies again. Refusals come back as ApiError with
 * the server's message in the caller's language.
 */
import type { Co2FactorEditBodySchema } from '@ems/contract/api/report';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The factor as the form sends it (languageId is added by the client). */
export type Co2FactorInput = Omit<z.input<typeof Co2FactorEditBodySchema>, 'languageId'>;

/** Sets one country's factor. */
export function saveCo2Factor(body: Co2FactorInput): Promise<unknown> {
  return api.put<unknown>('/webpvesc/ajax/report/co2-factors', body);
}

/** Drops the administrator's factor of `country`. */
export function resetCo2Factor(country: string): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/report/co2-factors/del', { country });
}
