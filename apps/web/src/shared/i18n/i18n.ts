/**
 * i18next set-up. Translations live in src/locales/<code>/<feature>.json, each file holding one
 * top-level key (its feature), so keys read `feature.area.phrase`. en-US ships in the main bundle and
 * is the fallback of every missing key; the chosen language is loaded on demand.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE } from './language-choice';

type Tree = Record<string, unknown>;

const english = import.meta.glob<Tree>('../../locales/en-US/*.json', { eager: true, import: 'default' });
const lazy = import.meta.glob<Tree>(['../../locales/*/*.json', '!../../locales/en-US/*.json'], {
  import: 'default',
});

function mergeFiles(files: Tree[]): Tree {
  return Object.assign({}, ...files);
}

/** Starts i18next in en-US so that even the earliest messages are readable. */
export async function startI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: { [FALLBACK_LANGUAGE]: { translation: mergeFiles(Object.values(english)) } },
    interpolation: { escapeValue: false },
  });
}

/** Loads the texts of `code` (when not en-US) and switches to it. */
export async function applyLanguageTexts(code: string): Promise<void> {
  if (code !== FALLBACK_LANGUAGE) {
    const prefix = `../../locales/${code}/`;
    const loaders = Object.entries(lazy).filter(([path]) => path.startsWith(prefix));
    const tree = mergeFiles(await Promise.all(loaders.map(([, load]) => load())));
    i18next.addResourceBundle(code, 'translation', tree, true, true);
  }
  await i18next.changeLanguage(code);
  document.documentElement.lang = code;
}

/** The i18next instance, for code outside React (the http client's messages). */
export const i18n = i18next;
