/** Language id ↔ code of the contract's LANGUAGES (unknown ids read as en-US, as for `msg`). */
import { DEFAULT_LANGUAGE_ID, LANGUAGES, type LanguageCode } from '@ems/contract/constants';

/** The language code of a stored languageId. */
export function languageCodeOf(id: number): LanguageCode {
  return (LANGUAGES.find((l) => l.id === id) ?? LANGUAGES.find((l) => l.id === DEFAULT_LANGUAGE_ID)!)
    .languageCode;
}

/** The languageId of a language code. */
export function languageIdOf(code: LanguageCode): number {
  return LANGUAGES.find((l) => l.languageCode === code)?.id ?? DEFAULT_LANGUAGE_ID;
}

/** An address shown without giving it away: first character, ***, then the domain (d***@example.com). */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}
