/** Building blocks shared by the request schemas of spec §7. Messages are catalogue keys (messages.ts). */
import { z } from 'zod';
import { boundedInt, INT32_MAX, idField, localDateField } from '../bounds';
import { SYSTEM_TYPES } from '../constants';

/** languageId as sent in query or body (spec §7); unknown ids fall back to en-US server-side. */
export const languageIdField = boundedInt(1, INT32_MAX).optional();

/** Query of a GET that takes nothing but the caller's language. */
export const LanguageOnlyQuerySchema = z.object({ languageId: languageIdField });

/**
 * A GET array parameter sent as repeated keys (`?stationIds=1&stationIds=2`, spec §7): one value or many,
 * `min` to `max` of them. Bounds belong here, not in a `.pipe()` after it: a pipe after the preprocess
 * makes the OpenAPI document call a required parameter optional (issue 19 §8).
 */
export function repeatedKey<T extends z.ZodType>(item: T, max = 100, min = 0) {
  return z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z.array(item).min(min, { error: 'common.illegalInput' }).max(max, { error: 'common.illegalInput' }),
  );
}

/** A database id given in a query string, body or path: 1 to INT32_MAX (bounds.ts idField). */
export const idParam = idField;

/** Spec §1 system kinds: 1 PV, 2 charging, 3 other, 6 home storage, 7 UPS. */
export const systemTypeField = z.coerce
  .number({ error: 'validation.systemType' })
  .int()
  .refine((v) => (SYSTEM_TYPES as readonly number[]).includes(v), { error: 'validation.systemType' });

/** A local calendar date `YYYY-MM-DD` in DATE_MIN..DATE_MAX (bounds.ts localDateField). */
export const localDate = localDateField;

/** Query flags arrive as strings: "true"/"false"/"1"/"0". */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const LanguageSchema = z.object({
  id: z.number().int(),
  languageCode: z.string(),
  languageName: z.string(),
});
/** Spec §3 Language. */
export type Language = z.infer<typeof LanguageSchema>;
export const LanguageListSchema = z.array(LanguageSchema);
