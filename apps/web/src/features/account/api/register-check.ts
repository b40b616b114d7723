/**
 * POST /owner_api/webpvesc/ajax/register/check (spec §7): the server runs every registration rule on
 * the form (passwords encrypted) without creating anything.
 */
import type { RegisterBodySchema } from '@ems/contract/api/account';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The registration body without languageId, which the client adds. */
export type RegisterInput = Omit<z.input<typeof RegisterBodySchema>, 'languageId'>;

/** Resolves when every rule holds; rejects with the first rule's message (ApiError, `field` set). */
export function registerCheck(body: RegisterInput): Promise<unknown> {
  return api.post<unknown>('/webpvesc/ajax/register/check', body);
}
