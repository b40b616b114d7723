/**
 * Spec §4 language choice: the stored (cookie) language, else the best match of the browser's
 * languages, else en-US. Only languages of the server's list (or the built-in one) can be chosen.
 */
export const FALLBACK_LANGUAGE = 'en-US';

/** Finds `wanted` among `available`: exact code first (case-insensitive), then the same primary tag. */
export function matchLanguage(wanted: string, available: readonly string[]): string | null {
  const lower = wanted.toLowerCase();
  const exact = available.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  return available.find((code) => code.toLowerCase().split('-')[0] === primary) ?? null;
}

/** Picks the interface language code. */
export function chooseLanguage(input: {
  cookieCode: string | undefined;
  browserLanguages: readonly string[];
  available: readonly string[];
}): string {
  const { cookieCode, browserLanguages, available } = input;
  if (cookieCode) {
    const stored = available.find((code) => code.toLowerCase() === cookieCode.toLowerCase());
    if (stored) return stored;
  }
  for (const browser of browserLanguages) {
    const match = matchLanguage(browser, available);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}
