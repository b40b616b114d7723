// Fails when a UI text key of en-US (or a plural form the language needs) is missing or empty in any
// offered language, or when a server message lacks one of them (issue 35 item 2: no language is partial).
// The rules are in scripts/locale-check.ts, with their test.
import { join } from 'node:path';

import { tsImport } from 'tsx/esm/api';

// The TypeScript is loaded through tsx (the contract's imports name no extension), so the check reads the
// real constants and catalogue, not their text.
const load = (file) => tsImport(file, import.meta.url);
const { LANGUAGES } = await load('../packages/contract/src/constants.ts');
const { MESSAGES } = await load('../packages/contract/src/messages.ts');
const { loadLanguage, messageProblems, uiTextProblems } = await load('./locale-check.ts');

const OFFERED = LANGUAGES.map((l) => l.languageCode);
const localesDir = join(new URL('..', import.meta.url).pathname, 'apps/web/src/locales');
const base = loadLanguage(localesDir, 'en-US');
const problems = base ? [] : ['apps/web/src/locales/en-US is missing'];
for (const lang of OFFERED.filter((l) => l !== 'en-US')) {
  problems.push(...uiTextProblems(base ?? {}, loadLanguage(localesDir, lang), lang));
}
problems.push(...messageProblems(MESSAGES, OFFERED));
if (problems.length) {
  console.error(`Locale check failed (${problems.length}):\n  ${problems.slice(0, 50).join('\n  ')}`);
  process.exit(1);
}
console.log(`Locales complete: ${OFFERED.join(', ')} (${Object.keys(base ?? {}).length} UI keys).`);
