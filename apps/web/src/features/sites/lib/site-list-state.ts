/**
 * The site list page's state (issue 7 item 5) kept in the URL query, so a reload or a shared link shows
 * the same list: text, system type, group, status, area, sort and page. Pure functions: parsing tolerates
 * any query (unknown values are dropped), and the API query holds only what is set.
 */
import {
  SITE_SORT_FIELDS,
  SITE_STATUSES,
  type SiteSortField,
  type SiteStatus,
} from '@ems/contract/api/site-list';
import { SYSTEM_TYPES, type SystemType } from '@ems/contract/constants';

/** Rows per page of the site list. */
export const SITE_PAGE_SIZE = 20;

/** What the list shows. */
export interface SiteListState {
  text: string;
  systemType: SystemType;
  groupId: number | null;
  status: SiteStatus | null;
  areaCode: string | null;
  sortField: SiteSortField | null;
  sortOrder: 'asc' | 'desc';
  page: number;
}

function positiveInt(v: string | null): number | null {
  if (!v || !/^\d{1,9}$/.test(v)) return null;
  const n = Number(v);
  return n > 0 ? n : null;
}

function oneOf<T extends string>(values: readonly T[], v: string | null): T | null {
  return v !== null && (values as readonly string[]).includes(v) ? (v as T) : null;
}

/** The state in `params`; `fallbackType` (the top bar's) when the query names no valid system type. */
export function parseSiteListState(params: URLSearchParams, fallbackType: SystemType): SiteListState {
  const type = positiveInt(params.get('systemType'));
  return {
    text: (params.get('q') ?? '').slice(0, 90),
    systemType: (SYSTEM_TYPES as readonly number[]).includes(type ?? -1)
      ? (type as SystemType)
      : fallbackType,
    groupId: positiveInt(params.get('groupId')),
    status: oneOf(SITE_STATUSES, params.get('status')),
    areaCode: params.get('area')?.slice(0, 20) || null,
    sortField: oneOf(SITE_SORT_FIELDS, params.get('sort')),
    sortOrder: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The URL query of `s` (defaults left out). */
export function siteListSearch(s: SiteListState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.text) p.set('q', s.text);
  p.set('systemType', String(s.systemType));
  if (s.groupId !== null) p.set('groupId', String(s.groupId));
  if (s.status) p.set('status', s.status);
  if (s.areaCode) p.set('area', s.areaCode);
  if (s.sortField) {
    p.set('sort', s.sortField);
    if (s.sortOrder === 'desc') p.set('order', 'desc');
  }
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

/**
 * `s` changed by `patch`; any change but the page's goes back to page 1 (the old page may not exist in
 * the new result), and a new system type drops the group (groups hold sites of every type).
 */
export function updateSiteList(s: SiteListState, patch: Partial<SiteListState>): SiteListState {
  const next = { ...s, ...patch };
  if (!('page' in patch)) next.page = 1;
  if (patch.systemType !== undefined && patch.systemType !== s.systemType) next.groupId = null;
  return next;
}

/** Query of GET systemtype/list for `s`: one page, sorted by name when no column is chosen. */
export function siteListApiQuery(s: SiteListState): Record<string, string | number | boolean> {
  const q: Record<string, string | number | boolean> = {
    systemType: s.systemType,
    ispaging: true,
    pageNum: s.page,
    pageSize: SITE_PAGE_SIZE,
    sortField: s.sortField ?? 'name',
    sortOrder: s.sortField ? s.sortOrder : 'asc',
  };
  if (s.text.trim()) q.filterText = s.text.trim();
  if (s.groupId !== null) q.groupId = s.groupId;
  if (s.status) q.status = s.status;
  if (s.areaCode) q.areaCode = s.areaCode;
  return q;
}

/** antd Table's sort order of column `field` under `s`. */
export function columnSortOrder(s: SiteListState, field: SiteSortField): 'ascend' | 'descend' | null {
  if (s.sortField !== field) return null;
  return s.sortOrder === 'desc' ? 'descend' : 'ascend';
}

/** Whether any filter (text, group, status, area) narrows the list: an empty answer then says "no match". */
export function isFiltered(s: SiteListState): boolean {
  return Boolean(s.text.trim() || s.groupId !== null || s.status || s.areaCode);
}
