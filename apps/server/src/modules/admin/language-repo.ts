/** SQL of the console's language names (table languages). */
import type { Language } from '@ems/contract/api/common';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { languages } from '../../db/schema';

/** Renames language `id`; the updated row, or undefined when there is no such language. */
export async function renameLanguage(
  db: Db,
  id: number,
  languageName: string,
): Promise<Language | undefined> {
  const rows = await db.update(languages).set({ languageName }).where(eq(languages.id, id)).returning({
    id: languages.id,
    languageCode: languages.languageCode,
    languageName: languages.languageName,
  });
  return rows[0];
}
