/**
 * The area tree (area/list, spec §3) as the area chooser's options, and look-ups on it. Pure functions.
 */
import type { AreaNode } from '@ems/contract/api/area';

/** One option of antd's TreeSelect: value is the areaCode, title the name in the viewer's language. */
export interface AreaOption {
  value: string;
  title: string;
  children?: AreaOption[];
}

/** The tree as TreeSelect options (leaves without a children list, so they show no expander). */
export function areaOptions(nodes: readonly AreaNode[]): AreaOption[] {
  return nodes.map((n) => ({
    value: n.info.areaCode,
    title: n.info.areaName,
    ...(n.subs.length ? { children: areaOptions(n.subs) } : {}),
  }));
}

/** The path of names from the country down to `code` (empty when the tree does not hold it). */
export function areaPath(nodes: readonly AreaNode[], code: string): string[] {
  for (const n of nodes) {
    if (n.info.areaCode === code) return [n.info.areaName];
    const below = areaPath(n.subs, code);
    if (below.length) return [n.info.areaName, ...below];
  }
  return [];
}

/** The country (ISO 3166-1 alpha-2, a root's code) holding `code`, or null when the tree does not hold it. */
export function areaCountry(nodes: readonly AreaNode[], code: string): string | null {
  const has = (n: AreaNode): boolean => n.info.areaCode === code || n.subs.some(has);
  return nodes.find(has)?.info.areaCode ?? null;
}

/** Lower case without accents, so "joao" finds "João" and "cesko" finds "Česko". */
export function foldName(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** How a name matches a search, best first: whole name, start of the name, start of a word, inside. */
function matchRank(name: string, query: string): number | null {
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.split(/[\s\-'’(),./]+/).some((word) => word.startsWith(query))) return 2;
  if (name.includes(query)) return 3;
  return null;
}

/** One search result: the area, the names of the areas above it and its country. */
export interface AreaHit {
  value: string;
  name: string;
  /** Names from the country down to the area's parent (empty for a country). */
  above: string[];
  country: string;
}

/**
 * Areas whose name matches `query` (case and accents ignored), best first (issue 24 item 4): a whole-name
 * match before a name that starts with it, before a word that starts with it, before a name holding it;
 * at equal rank, areas of `country` (the form's chosen country) first, then countries and regions before
 * municipalities, then by name. At most `limit` results; none for an empty query.
 */
export function searchAreas(
  nodes: readonly AreaNode[],
  query: string,
  country: string | null = null,
  limit = 50,
): AreaHit[] {
  const q = foldName(query.trim());
  if (!q) return [];
  const found: { hit: AreaHit; rank: number; depth: number }[] = [];
  const walk = (list: readonly AreaNode[], above: string[], root: string | null) => {
    for (const n of list) {
      const top = root ?? n.info.areaCode;
      const rank = matchRank(foldName(n.info.areaName), q);
      if (rank !== null) {
        found.push({
          hit: { value: n.info.areaCode, name: n.info.areaName, above, country: top },
          rank,
          depth: above.length,
        });
      }
      if (n.subs.length) walk(n.subs, [...above, n.info.areaName], top);
    }
  };
  walk(nodes, [], null);
  const home = country?.toUpperCase() ?? null;
  const away = (h: AreaHit) => (home && h.country === home ? 0 : 1);
  found.sort(
    (a, b) =>
      a.rank - b.rank ||
      away(a.hit) - away(b.hit) ||
      a.depth - b.depth ||
      a.hit.name.localeCompare(b.hit.name),
  );
  return found.slice(0, limit).map((f) => f.hit);
}

/**
 * What Enter chooses in the area select while a search is typed (issue 34 item 10): its only match, else
 * nothing (among several the user picks; antd's select has no active option to take after a search).
 */
export function onlyMatch(search: string, hits: readonly { value: string }[]): string | null {
  return search.trim() && hits.length === 1 ? hits[0]!.value : null;
}
