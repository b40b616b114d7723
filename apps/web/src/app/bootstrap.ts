/**
 * Start-up, before the first render (spec §3/§4): clear cookies of an older version, apply the mode of
 * the entry path, read the language list, choose the language (cookie, browser, en-US) and load its
 * texts and antd/dayjs locales.
 */
import type { Locale } from 'antd/es/locale';
import { setCurrentLanguage } from '../shared/i18n/current-language';
import { applyLanguageTexts, startI18n } from '../shared/i18n/i18n';
import { chooseLanguage, FALLBACK_LANGUAGE } from '../shared/i18n/language-choice';
import { resolveLanguageList } from '../shared/i18n/language-list';
import { loadUiLocale } from '../shared/i18n/ui-locales';
import { COOKIE, readCookie } from '../shared/session/cookies';
import { applyModeForPath } from '../shared/session/mode';
import { migrateVersion } from '../shared/session/version';

/** Everything the providers need; resolves once the page can render in the chosen language. */
export async function bootstrap(): Promise<{ antdLocale: Locale }> {
  migrateVersion();
  applyModeForPath(window.location.pathname);
  await startI18n();
  const languages = await resolveLanguageList();
  const code = chooseLanguage({
    cookieCode: readCookie(COOKIE.languageCode),
    browserLanguages: navigator.languages ?? [navigator.language],
    available: languages.map((l) => l.languageCode),
  });
  const language =
    languages.find((l) => l.languageCode === code) ??
    languages.find((l) => l.languageCode === FALLBACK_LANGUAGE);
  setCurrentLanguage(language?.id ?? 1, code);
  const [antdLocale] = await Promise.all([loadUiLocale(code), applyLanguageTexts(code)]);
  return { antdLocale };
}
