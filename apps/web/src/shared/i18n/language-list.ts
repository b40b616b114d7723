/**
 * The language list of spec §2/§3: read from GET language/list and kept in local storage. A cached list
 * is used at once and refreshed behind; without one the call is awaited, and when it fails the failure
 * is logged and only en-US is offered (spec §8).
 */
import type { Language } from '@ems/contract/api/common';
import { api } from '../http/client';
import { setLanguageCookies } from '../session/cookies';
import { readLanguageList, writeLanguageList } from '../session/storage';
import { BUILT_IN_LANGUAGES } from './current-language';
import { FALLBACK_LANGUAGE } from './language-choice';

const ENGLISH_ONLY: Language[] = BUILT_IN_LANGUAGES.filter((l) => l.languageCode === FALLBACK_LANGUAGE);

function fetchLanguageList(): Promise<Language[]> {
  return api.get<Language[]>('/webpvesc/ajax/language/list');
}

/** The languages to offer on this page load. */
export async function resolveLanguageList(): Promise<Language[]> {
  const cached = readLanguageList();
  if (cached) {
    fetchLanguageList()
      .then((list) => list.length > 0 && writeLanguageList(list))
      .catch((error: unknown) => console.error('language list could not be refreshed', error));
    return cached;
  }
  try {
    const list = await fetchLanguageList();
    if (list.length === 0) return ENGLISH_ONLY;
    writeLanguageList(list);
    return list;
  } catch (error) {
    console.error('language list could not be read; using en-US', error);
    return ENGLISH_ONLY;
  }
}

/** The languages the dropdown offers (the stored list, else en-US alone). */
export function offeredLanguages(): Language[] {
  return readLanguageList() ?? ENGLISH_ONLY;
}

/** Spec §2: choosing a language stores its cookies and reloads the page in it. */
export function switchLanguage(language: Language): void {
  setLanguageCookies(language.id, language.languageCode);
  window.location.reload();
}
