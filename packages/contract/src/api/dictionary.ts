/** Dictionaries (spec §3 keys sys_timezone, sys_currencysymbol) and station templates. */
import { z } from 'zod';
import { languageIdField, repeatedKey } from './common';

export const DICTIONARY_KEYS = ['sys_timezone', 'sys_currencysymbol'] as const;
export const DictionaryQuerySchema = z.object({
  keys: repeatedKey(z.enum(DICTIONARY_KEYS)).optional(),
  languageId: languageIdField,
});
export const DictionaryItemSchema = z.object({ dictLabel: z.string(), dictValue: z.string() });
/** data of dictionary/list: items per requested key. */
export const DictionaryListSchema = z.record(z.string(), z.array(DictionaryItemSchema));
export type DictionaryItem = z.infer<typeof DictionaryItemSchema>;

/** GET station/templates: station templates keyed by id. deviceTypes lists what a site of it holds. */
export const StationTemplateSchema = z.object({
  id: z.number().int(),
  templateCode: z.string(),
  systemType: z.number().int(),
  name: z.string(),
  deviceTypes: z.array(z.string()),
});
export type StationTemplate = z.infer<typeof StationTemplateSchema>;
