/**
 * GET /webpvesc/ajax/area/list (spec §3 "Area tree: info (id, areaName, areaCode) and subs"; issue 7
 * item 6): countries (ISO 3166-1 alpha-2 codes) with their first-level subdivisions (ISO 3166-2 codes),
 * second levels for Czechia (ISO 3166-2 districts), China (GB/T 2260 6-digit codes) and Brazil (IBGE 7-digit
 * municipality codes). Data: decision 0013.
 */
import { z } from 'zod';
import { languageIdField } from './common';

/** GET area/list query. */
export const AreaListQuerySchema = z.object({ languageId: languageIdField });

/** One area: a numeric id, its name in the caller's language where the data has it, and its code. */
export const AreaInfoSchema = z.object({
  id: z.number().int(),
  areaName: z.string(),
  /** The code a site stores as areaCode (at most 20 characters). */
  areaCode: z.string(),
});
export type AreaInfo = z.infer<typeof AreaInfoSchema>;

/** An area with the areas under it. */
export interface AreaNode {
  info: AreaInfo;
  subs: AreaNode[];
}

/** The recursive tree node (a getter lets zod and its JSON Schema refer to the node itself). */
export const AreaNodeSchema: z.ZodType<AreaNode> = z.object({
  info: AreaInfoSchema,
  get subs() {
    return z.array(AreaNodeSchema);
  },
});
