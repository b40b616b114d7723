// Fails when a UI text key of en-US is missing (or empty) in a language that must be complete, or when
// a server message lacks a complete language. The contract's PARTIAL_LANGUAGES (cs-CZ) may be partial:
// they fall back to en-US, and the language menu says so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { tsImport } from 'tsx/esm/api';

// The contract's TypeScript is loaded through tsx (its imports name no extension), so the check reads the
// real constants and catalogue, not their text.
const contract = (file) => tsImport(`../packages/contract/src/${file}`, import.meta.url);
const { LANGUAGES, PARTIAL_LANGUAGES } = await contract('constants.ts');
const COMPLETE = LANGUAGES.map((l) => l.languageCode).filter((code) => !PARTIAL_LANGUAGES.includes(code));
const root = new URL('..', import.meta.url).pathname;
const localesDir = join(root, 'apps/web/src/locales');

/** Flattens nested JSON into dotted keys. */
function flatten(obj, prefix = '', acc = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, acc);
    else acc[key] = v;
  }
  return acc;
}

/** All keys of one language: every JSON file of its folder, namespaced by file name. */
function load(lang) {
  const dir = join(localesDir, lang);
  if (!existsSync(dir)) return null;
  const acc = {};
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(dir, f), 'utf8')), f.replace(/\.json$/, ''), acc);
  }
  return acc;
}

const problems = [];
const base = load('en-US');
if (!base) problems.push('apps/web/src/locales/en-US is missing');
for (const lang of COMPLETE.filter((l) => l !== 'en-US')) {
  const keys = load(lang);
  if (!keys) {
    problems.push(`${lang}: no locale folder`);
    continue;
  }
  for (const key of Object.keys(base ?? {})) {
    if (keys[key] === undefined || keys[key] === '') problems.push(`${lang}: missing ${key}`);
  }
}
const { MESSAGES } = await contract('messages.ts');
for (const [key, texts] of Object.entries(MESSAGES)) {
  for (const lang of COMPLETE) if (!texts[lang]) problems.push(`server message ${key} lacks ${lang}`);
}
if (problems.length) {
  console.error(`Locale check failed (${problems.length}):\n  ${problems.slice(0, 50).join('\n  ')}`);
  process.exit(1);
}
console.log(`Locales complete: ${COMPLETE.join(', ')} (${Object.keys(base ?? {}).length} UI keys).`);
