/**
 * Sites and devices a push rule can name (issue 20 §1, spec §5 caps): the sites the user can see, their
 * own and those shared with them, from the group tree; devices only of chosen sites. Pure functions.
 */
import type { GroupNode } from '@ems/contract/api/fleet';

/** A site the user can see; `owned` is false for a site shared with them. */
export interface VisibleSite {
  stationId: number;
  stationName: string;
  owned: boolean;
}

/** Every site of the caller's group tree once, by name. */
export function visibleSites(groups: readonly GroupNode[]): VisibleSite[] {
  const byId = new Map<number, VisibleSite>();
  for (const g of groups) {
    for (const s of g.subStations) {
      if (!byId.has(s.stationId)) {
        byId.set(s.stationId, { stationId: s.stationId, stationName: s.stationName, owned: s.owned });
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.stationName.localeCompare(b.stationName));
}

/**
 * The chosen devices still allowed after the sites became `stationIds`: none when no site is chosen
 * (the rule then covers every device of every site), else all but the devices of sites left out
 * (`devicesOf` maps each site whose devices were read to its device ids); the server refuses a device
 * outside the rule's sites.
 */
export function devicesAfterSiteChange(
  deviceIds: readonly number[],
  stationIds: readonly number[],
  devicesOf: ReadonlyMap<number, readonly number[]>,
): number[] {
  if (stationIds.length === 0) return [];
  const kept = new Set(stationIds);
  const dropped = new Set([...devicesOf].filter(([site]) => !kept.has(site)).flatMap(([, ids]) => [...ids]));
  return deviceIds.filter((id) => !dropped.has(id));
}
