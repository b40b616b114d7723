import type { DictionaryItem } from '@ems/contract/api/dictionary';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictionaries, languages } from '../../db/schema';

/** All languages, by id (spec §3 Language). */
export function listLanguages(db: Db) {
  return db
    .select({ id: languages.id, languageCode: languages.languageCode, languageName: languages.languageName })
    .from(languages)
    .orderBy(asc(languages.id));
}

/** Items of the given dictionary types, grouped by type, each group in its seeded order. */
export async function listDictionaries(
  db: Db,
  types: readonly string[],
): Promise<Record<string, DictionaryItem[]>> {
  const rows = await db
    .select({
      dictType: dictionaries.dictType,
      dictLabel: dictionaries.dictLabel,
      dictValue: dictionaries.dictValue,
    })
    .from(dictionaries)
    .where(inArray(dictionaries.dictType, [...types]))
    .orderBy(asc(dictionaries.dictType), asc(dictionaries.sort), asc(dictionaries.id));
  const out: Record<string, DictionaryItem[]> = Object.fromEntries(types.map((t) => [t, []]));
  for (const r of rows) out[r.dictType]?.push({ dictLabel: r.dictLabel, dictValue: r.dictValue });
  return out;
}
