/**
 * The top bar's site search (spec §2, issue 24 item 5) reads filter/tree without a system type: every
 * group of the caller with the sites in it, of all types. This flattens that answer into one list.
 */
import type { GroupNode, GroupSite } from '@ems/contract/api/fleet';

/** Most sites the search offers at once; a longer list asks for more letters. */
export const SITE_SEARCH_LIMIT = 50;

/**
 * The sites of `groups`, each once (by stationId), sorted by name in `locale` (ties by id) and cut at
 * SITE_SEARCH_LIMIT.
 */
export function siteMatches(groups: readonly GroupNode[], locale: string): GroupSite[] {
  const byId = new Map<number, GroupSite>();
  for (const g of groups) for (const s of g.subStations) if (!byId.has(s.stationId)) byId.set(s.stationId, s);
  const collator = new Intl.Collator(locale);
  return [...byId.values()]
    .sort((a, b) => collator.compare(a.stationName, b.stationName) || a.stationId - b.stationId)
    .slice(0, SITE_SEARCH_LIMIT);
}
