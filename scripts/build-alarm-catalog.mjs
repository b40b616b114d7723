/**
 * Builds apps/server/src/modules/alarms/catalog-data.json (issue 9) from the real inverter fault tables in
 * /work/shared/data/inverter-fault-codes-solarman/fault_code_lookup_derived.csv (Apache-2.0, see SOURCE.md).
 * Usage: node scripts/build-alarm-catalog.mjs [path/to/fault_code_lookup_derived.csv]
 *
 * Codes: Sofar/ZCS "IDnn text" rows become ID + 3 digits (ID01 → ID001); rows without an ID (Solis status
 * bits) become `<register>:<bit value>`. Key 0 ("No error") and rows with no text are skipped. The source has
 * no severity, so a level (spec §4) is derived from the wording; docs/alarms.md explains the rule.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const src =
  process.argv[2] ?? '/work/shared/data/inverter-fault-codes-solarman/fault_code_lookup_derived.csv';
const out = new URL('../apps/server/src/modules/alarms/catalog-data.json', import.meta.url);

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

const families = {};
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
  if (!text) continue;
  families[family] ??= {};
  // The first text of a code wins (a few tables list an ID twice, bitfield and alert message).
  families[family][code] ??= [levelOf(text), text];
}
writeFileSync(out, `${JSON.stringify(families)}\n`);
console.log(
  Object.entries(families)
    .map(([f, c]) => `${f}: ${Object.keys(c).length}`)
    .join('\n'),
);
