/**
 * The sites the comparison offers: every site the caller can see, of every system type (the group tree
 * of fleet/filter/tree without a type: own sites and those shared with the caller), once each, by name.
 */
import type { GroupNode } from '@ems/contract/api/fleet';

/** One choosable site: its id and name. */
export interface SiteChoice {
  value: number;
  label: string;
}

/**
 * Unique sites of `groups` sorted by name in `locale` (ties by id); ids in `chosen` the tree does not
 * hold (a link to a site no longer visible) are added at the end with `unknown(id)` as their label, so
 * the chooser never shows a bare number.
 */
export function siteChoices(
  groups: readonly GroupNode[],
  chosen: readonly number[],
  locale: string,
  unknown: (id: number) => string,
): SiteChoice[] {
  const names = new Map<number, string>();
  for (const s of groups.flatMap((g) => g.subStations)) names.set(s.stationId, s.stationName);
  const collator = new Intl.Collator(locale);
  const known = [...names]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => collator.compare(a.label, b.label) || a.value - b.value);
  return [
    ...known,
    ...chosen.filter((id) => !names.has(id)).map((id) => ({ value: id, label: unknown(id) })),
  ];
}
