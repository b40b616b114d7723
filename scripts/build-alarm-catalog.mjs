/**
 * Builds apps/server/src/modules/alarms/catalog-data.json (issue 9) from the real inverter fault tables in
 * /work/shared/data/inverter-fault-codes-solarman/fault_code_lookup_derived.csv (Apache-2.0, see SOURCE.md)
 * and the project's translations in scripts/alarm-catalog-texts.txt.
 * Usage: node scripts/build-alarm-catalog.mjs [path/to/fault_code_lookup_derived.csv]
 *
 * Codes: Sofar/ZCS "IDnn text" rows become ID + 3 digits (ID01 → ID001); rows without an ID (Solis status
 * bits) become `<register>:<bit value>`. Key 0 ("No error"), rows with no text and the one placeholder
 * "LOOKUP" row are skipped. Each source text is looked up in the translations file (an en-US column there
 * corrects a source text that is not English or misspelt); a text without a complete line stops the
 * build, so every code has en-US, zh-CN, pt-BR and cs-CZ. The source has no severity, so a level (spec §4)
 * is derived from the English wording; docs/alarms.md explains the rule.
 *
 * Output: `{ families: {family: {code: [level, en-US text]}}, translations: {en-US text: {zh-CN, pt-BR,
 * cs-CZ}} }`, texts shared between families stored once.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const src =
  process.argv[2] ?? '/work/shared/data/inverter-fault-codes-solarman/fault_code_lookup_derived.csv';
const out = new URL('../apps/server/src/modules/alarms/catalog-data.json', import.meta.url);
const textsFile = new URL('./alarm-catalog-texts.txt', import.meta.url);
/** Languages besides en-US every text needs (packages/contract LANGUAGES). */
const LANGS = ['zh-CN', 'pt-BR', 'cs-CZ'];
/** Source rows that are not fault texts (a stray lookup placeholder in sofar_g3hyd.yaml). */
const NOT_TEXTS = new Set(['LOOKUP']);

const collapse = (text) => text.replace(/\s+/g, ' ').trim();

/** The translations file: source text → {en-US, zh-CN, pt-BR, cs-CZ}. */
function readTexts() {
  const texts = new Map();
  for (const [i, raw] of readFileSync(textsFile, 'utf8').split('\n').entries()) {
    if (!raw.trim() || raw.startsWith('#')) continue;
    const cols = raw.split('|').map((c) => c.trim());
    if (cols.length !== 5 || cols.slice(2).some((c) => !c)) {
      throw new Error(`alarm-catalog-texts.txt:${i + 1}: want "source | en-US | zh-CN | pt-BR | cs-CZ"`);
    }
    const [source, en, ...rest] = cols;
    texts.set(source, { 'en-US': en || source, ...Object.fromEntries(LANGS.map((l, j) => [l, rest[j]])) });
  }
  return texts;
}

/** Splits one CSV line (double-quoted fields may hold commas). */
function fields(line) {
  const res = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      res.push(cur);
      cur = '';
    } else cur += c;
  }
  res.push(cur);
  return res;
}

/** Spec §4 level from the fault text: unrecoverable 5, protection/fault/error 4, warning/alarm 2, else 3. */
function levelOf(text) {
  const t = text.toLowerCase();
  if (/permanent|unrecoverable/.test(t)) return 5;
  if (/warning|alarm|derating|reminder/.test(t)) return 2;
  if (/protect|fault|error|fail|abnormal|over ?current|hardware/.test(t)) return 4;
  return 3;
}

const texts = readTexts();
const used = new Set();
const missing = new Set();
const families = {};
const translations = {};
const lines = readFileSync(src, 'utf8').trim().split('\n').slice(1);
for (const line of lines) {
  const [file, , , registers, , key, description] = fields(line);
  if (key === '0' || !description) continue;
  const family = file.replace(/\.yaml$/, '');
  const m = /^ID0*(\d+)\s*(.*)$/.exec(description.trim());
  let code;
  let text;
  if (m) {
    code = `ID${m[1].padStart(3, '0')}`;
    text = m[2].trim();
  } else {
    code = `${registers}:${key}`;
    text = description.trim();
  }
  text = collapse(text);
  if (!text || NOT_TEXTS.has(text)) continue;
  families[family] ??= {};
  // The first text of a code wins (a few tables list an ID twice, bitfield and alert message).
  if (families[family][code]) continue;
  const t = texts.get(text);
  if (!t) {
    missing.add(text);
    continue;
  }
  used.add(text);
  const en = t['en-US'];
  families[family][code] = [levelOf(en), en];
  translations[en] = Object.fromEntries(LANGS.map((l) => [l, t[l]]));
}
if (missing.size > 0) {
  throw new Error(`no line in alarm-catalog-texts.txt for:\n${[...missing].join('\n')}`);
}
const unused = [...texts.keys()].filter((k) => !used.has(k));
if (unused.length > 0) console.warn(`unused lines in alarm-catalog-texts.txt:\n${unused.join('\n')}`);
writeFileSync(out, `${JSON.stringify({ families, translations })}\n`);
console.log(
  Object.entries(families)
    .map(([f, c]) => `${f}: ${Object.keys(c).length}`)
    .join('\n'),
);
