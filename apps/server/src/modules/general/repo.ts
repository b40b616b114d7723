import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { languages } from '../../db/schema';

/** All languages, by id (spec §3 Language). */
export function listLanguages(db: Db) {
  return db
    .select({ id: languages.id, languageCode: languages.languageCode, languageName: languages.languageName })
    .from(languages)
    .orderBy(asc(languages.id));
}
