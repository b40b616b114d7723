/**
 * The area tree of area/list (spec §3, issue 7 item 6) built once from area-data.json (written by
 * scripts/build-area-data.mjs; decision 0013). Country names come from the runtime's CLDR data
 * (Intl.DisplayNames) in the caller's language; subdivision names are as the sources give them (ISO 3166-2
 * names in the country's language); China's are Chinese for a Chinese viewer and Hanyu Pinyin for the
 * others (ISO 3166-2:CN's province names, cities romanized the same way: Shenzhen Shi).
 */
import type { AreaNode } from '@ems/contract/api/area';
import data from './area-data.json' with { type: 'json' };

type Row = [code: string, name: string, parent: string, latin?: string];
const ROWS = data.rows as Row[];

/** Code → [row index, parent code], and parent → children codes, built on first use. */
let index: { byCode: Map<string, number>; children: Map<string, string[]> } | null = null;
function tree() {
  if (index) return index;
  const byCode = new Map<string, number>();
  const children = new Map<string, string[]>();
  ROWS.forEach(([code, , parent], i) => {
    byCode.set(code, i);
    const list = children.get(parent) ?? [];
    list.push(code);
    children.set(parent, list);
  });
  index = { byCode, children };
  return index;
}

/** Country names of one language, or null when the runtime has none for it. */
function regionNames(languageCode: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([languageCode, 'en'], { type: 'region', fallback: 'none' });
  } catch {
    return null;
  }
}

const cache = new Map<string, AreaNode[]>();

/**
 * The whole tree in `languageCode` (an app language such as zh-CN): countries sorted by their shown
 * name, subdivisions by code. Ids are the rows' positions in the data file (stable for one data build).
 */
export function areaTree(languageCode: string): AreaNode[] {
  const hit = cache.get(languageCode);
  if (hit) return hit;
  const { byCode, children } = tree();
  const names = regionNames(languageCode);
  const chinese = languageCode.toLowerCase().startsWith('zh');
  const node = (code: string, depth: number): AreaNode => {
    const i = byCode.get(code)!;
    const [, sourceName, , latin] = ROWS[i]!;
    const areaName = depth === 0 ? (names?.of(code) ?? sourceName) : latin && !chinese ? latin : sourceName;
    const subs = (children.get(code) ?? []).map((c) => node(c, depth + 1));
    return { info: { id: i + 1, areaName, areaCode: code }, subs };
  };
  const collator = new Intl.Collator(languageCode);
  const roots = (children.get('') ?? [])
    .map((c) => node(c, 0))
    .sort((a, b) => collator.compare(a.info.areaName, b.info.areaName));
  cache.set(languageCode, roots);
  return roots;
}

/** Whether `code` is an area of the tree. */
export function isAreaCode(code: string): boolean {
  return tree().byCode.has(code);
}

/** `code` and the codes of every area under it (just `code` when the tree does not know it). */
export function areaCodesUnder(code: string): Set<string> {
  const { children } = tree();
  const out = new Set<string>();
  const walk = (c: string) => {
    out.add(c);
    for (const k of children.get(c) ?? []) walk(k);
  };
  walk(code);
  return out;
}

/** The country (ISO 3166-1 alpha-2) an area code belongs to, or null for an unknown code. */
export function countryOfArea(code: string): string | null {
  const { byCode } = tree();
  let c = code;
  for (let i = byCode.get(c); i !== undefined; i = byCode.get(c)) {
    const parent = ROWS[i]![2];
    if (parent === '') return c;
    c = parent;
  }
  return null;
}
