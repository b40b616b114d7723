/**
 * The site list page's filters and sort on GET station/systemtype/list (issue 7 item 5; spec §7
 * "systemtype/list (systemType, ispaging, nodeTypeEnum, hadArea, filters)"). With none of them the call
 * answers as before: sites with active alarms first, then by name.
 */
import { z } from 'zod';
import { safeString } from '../bounds';
import { idParam } from './common';

/** Columns the list sorts by: name, capacity (type's unit), power now (W), energy today (kWh), status. */
export const SITE_SORT_FIELDS = ['name', 'capacity', 'power', 'energy', 'status'] as const;
export type SiteSortField = (typeof SITE_SORT_FIELDS)[number];

/** Status filter: online (communicating), offline (silent), alarm (an active alarm of any level). */
export const SITE_STATUSES = ['online', 'offline', 'alarm'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** Extra query fields of systemtype/list; every one optional. */
export const SiteListFilterFields = {
  /** One of the caller's groups (another user's group: 40300). */
  groupId: idParam.optional(),
  status: z.enum(SITE_STATUSES).optional(),
  /** An area tree code (area/list): the sites in that area or any area under it. */
  areaCode: safeString(20, { trim: true }).optional(),
  sortField: z.enum(SITE_SORT_FIELDS).optional(),
  /** asc (default) or desc; nulls (no data) always last. */
  sortOrder: z.enum(['asc', 'desc']).optional(),
};
