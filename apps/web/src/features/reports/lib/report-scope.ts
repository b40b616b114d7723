/**
 * Which sites a report covers (issue 8 §3): all of the caller's sites, one of their groups, or up to
 * 10 chosen sites. Turns the page's choice into the report call's scope parameters.
 */
import type { GroupNode } from '@ems/contract/api/fleet';

/** The scope kinds offered on the report page, in display order. */
export const REPORT_SCOPES = ['all', 'group', 'sites'] as const;
export type ReportScopeKind = (typeof REPORT_SCOPES)[number];

/** The page's choice: a kind, the chosen group (kind group) and the chosen sites (kind sites). */
export interface ReportScope {
  kind: ReportScopeKind;
  groupId: number | null;
  stationIds: number[];
}

/**
 * The call's scope: `stationIds` for chosen sites, `groupId` for a group, nothing for all sites. A
 * group or site choice that is still empty reads as all sites, as the API does.
 */
export function scopeParams(s: ReportScope): { stationIds: number[]; groupId?: number } {
  if (s.kind === 'group' && s.groupId !== null) return { stationIds: [], groupId: s.groupId };
  if (s.kind === 'sites') return { stationIds: s.stationIds };
  return { stationIds: [] };
}

/**
 * A group option: the group's name (`defaultName` for the default group, whose stored name is not
 * translated) and its number of sites ("Roofs (3)"), in the tree's order.
 */
export function groupOptions(
  groups: readonly GroupNode[],
  defaultName: string,
): { value: number; label: string }[] {
  return groups.map((g) => ({
    value: g.id,
    label: `${g.isDefault ? defaultName : g.name} (${g.subStations.length})`,
  }));
}

/**
 * The scope after switching to `kind`: a group switch picks the first group when none is chosen yet,
 * so the report shows at once; the other choices are kept for switching back.
 */
export function switchScope(
  s: ReportScope,
  kind: ReportScopeKind,
  groups: readonly GroupNode[],
): ReportScope {
  const groupId = kind === 'group' && s.groupId === null ? (groups[0]?.id ?? null) : s.groupId;
  return { ...s, kind, groupId };
}
