/**
 * What scripts/check-locales.mjs checks (issue 35 item 2): every offered language carries every UI text
 * key of en-US, with each plural form whole counts take in that language (Czech `_few` for 2–4), and
 * every server message has a text in every offered language. No language may be partial.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Flattens nested JSON into dotted keys. */
export function flatten(
  tree: unknown,
  prefix = '',
  acc: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, acc);
    else acc[key] = v;
  }
  return acc;
}

/** All UI texts of `lang` under `localesDir`: every JSON file of its folder, namespaced by file name. */
export function loadLanguage(localesDir: string, lang: string): Record<string, unknown> | null {
  const dir = join(localesDir, lang);
  if (!existsSync(dir)) return null;
  const acc: Record<string, unknown> = {};
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(dir, f), 'utf8')), f.replace(/\.json$/, ''), acc);
  }
  return acc;
}

/**
 * The plural categories a whole count takes in `lang` (i18next picks `key_<category>` with
 * Intl.PluralRules): en one/other, cs one/few/other, zh other. Czech `many` is for fractions only.
 */
export function wholeNumberPlurals(lang: string): string[] {
  const rules = new Intl.PluralRules(lang);
  const forms = new Set<string>();
  for (let n = 0; n <= 1000; n++) forms.add(rules.select(n));
  return [...forms];
}

/** The keys `lang` must carry: every key of en-US, and of each plural key every form whole counts take. */
export function requiredKeys(base: Record<string, unknown>, lang: string): string[] {
  const keys = new Set(Object.keys(base));
  for (const key of Object.keys(base)) {
    const plural = /^(.+)_other$/.exec(key);
    if (plural) for (const form of wholeNumberPlurals(lang)) keys.add(`${plural[1]}_${form}`);
  }
  return [...keys];
}

/** What `lang`'s UI texts lack against en-US `base` (a missing folder, a missing or empty key). */
export function uiTextProblems(
  base: Record<string, unknown>,
  texts: Record<string, unknown> | null,
  lang: string,
): string[] {
  if (!texts) return [`${lang}: no locale folder`];
  return requiredKeys(base, lang)
    .filter((key) => texts[key] === undefined || texts[key] === '')
    .map((key) => `${lang}: missing ${key}`);
}

/** The server messages that lack a text in one of `languages`. */
export function messageProblems(
  messages: Record<string, Partial<Record<string, string>>>,
  languages: readonly string[],
): string[] {
  return Object.entries(messages).flatMap(([key, texts]) =>
    languages.filter((lang) => !texts[lang]).map((lang) => `server message ${key} lacks ${lang}`),
  );
}
