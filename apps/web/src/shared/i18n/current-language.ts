/**
 * The interface language in force for this page load (spec §3/§7): its id goes with every request as
 * `languageId`, its code picks translations, number formats and the antd/dayjs locales. Changing it
 * stores the cookies and reloads (spec §2), so it never changes within one page load.
 */
import { DEFAULT_LANGUAGE_ID, LANGUAGES } from '@ems/contract/constants';

let current = { id: DEFAULT_LANGUAGE_ID as number, code: 'en-US' };

/** Sets the language for this page load (called once at start). */
export function setCurrentLanguage(id: number, code: string): void {
  current = { id, code };
}

/** languageId sent with every request. */
export function currentLanguageId(): number {
  return current.id;
}

/** BCP 47 code of the interface language, e.g. "zh-CN". */
export function currentLanguageCode(): string {
  return current.code;
}

/** The built-in language list, used until (or when) the server's list cannot be read. */
export const BUILT_IN_LANGUAGES = LANGUAGES.map((l) => ({ ...l }));
