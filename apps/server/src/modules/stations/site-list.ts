/**
 * The site list page's filters and sort (issue 7 item 5) applied to live rows: power and energy today
 * come from the live values, not from SQL, so the matching sites are filtered, sorted and paged here.
 */
import type { SiteSortField, SiteStatus } from '@ems/contract/api/site-list';
import type { StationSummary } from '@ems/contract/api/station';

/** Filters and sort of one list request (contract SiteListFilterFields, resolved by the service). */
export interface SiteListOptions {
  status?: SiteStatus;
  sortField?: SiteSortField;
  sortOrder?: 'asc' | 'desc';
}

/** Status order for sorting: online, offline, then alarms by level (worst last). */
function statusRank(s: StationSummary): number {
  if (s.worstAlarmLevel !== null) return 10 + s.worstAlarmLevel;
  return s.online ? 0 : 1;
}

/** Whether `s` has `status` (online: communicating; offline: silent; alarm: any active alarm). */
export function hasStatus(s: StationSummary, status: SiteStatus): boolean {
  if (status === 'alarm') return s.worstAlarmLevel !== null;
  return status === 'online' ? s.online : !s.online;
}

const KEY: Record<SiteSortField, (s: StationSummary) => number | string | null> = {
  name: (s) => s.stationName.toLowerCase(),
  capacity: (s) => s.capacity,
  power: (s) => s.powerW,
  energy: (s) => s.todayKwh,
  status: statusRank,
};

/**
 * Rows with `status`, sorted by `sortField` (ties and no sort field: name, then id); rows without a value
 * (null power or energy) sort last in both directions.
 */
export function filterAndSortSites(rows: readonly StationSummary[], o: SiteListOptions): StationSummary[] {
  const kept = o.status ? rows.filter((r) => hasStatus(r, o.status!)) : [...rows];
  const key = KEY[o.sortField ?? 'name'];
  const dir = o.sortOrder === 'desc' ? -1 : 1;
  const byName = (a: StationSummary, b: StationSummary) =>
    a.stationName.localeCompare(b.stationName) || a.stationId - b.stationId;
  return kept.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c * dir || byName(a, b);
  });
}
