/**
 * The fleet calls of /owner_api/webpvesc/ajax/station (contract api/fleet.ts): sites (create, modify,
 * del), groups (category/edit, filter/tree), devices (list, add, edit, move, del) and the currencies of
 * dictionary/list, and the site bus's device limit. Every change invalidates the site lists, so the dashboard, tree and search follow.
 */

import type { GroupNode } from '@ems/contract/api/fleet';
import type { DeviceInfo } from '@ems/contract/api/station';
import type { SystemType } from '@ems/contract/constants';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import {
  addressLimitsQueryOptions,
  dictionaryQueryOptions,
  templatesQueryOptions,
} from '../../../shared/domain/reference-queries';
import { api } from '../../../shared/http/client';
import type { SiteFormValues } from '../lib/site-form';

const BASE = '/webpvesc/ajax/station';

/** Creates a site (no id). @returns its id. */
export async function createStation(fields: SiteFormValues): Promise<number> {
  return (await api.post<{ stationId: number }>(`${BASE}/create`, { ...fields })).stationId;
}

/** Edits site `stationId`. */
export async function modifyStation(stationId: number, fields: SiteFormValues): Promise<void> {
  await api.put(`${BASE}/modify`, { ...fields, stationId });
}

/** Deletes a site; its devices go back to the inventory and its history is deleted in the background. */
export function deleteStation(stationId: number) {
  return api.post<{ devicesReleased: number }>(`${BASE}/del`, { stationId });
}

/** One category/edit action (contract CategoryEditBodySchema). */
export function editGroup(body: {
  action: 'create' | 'rename' | 'delete' | 'move';
  id?: number;
  name?: string;
  stationIds?: number[];
}) {
  return api.post<{ id: number; name: string } | null>(`${BASE}/category/edit`, body);
}

/**
 * The caller's groups with their sites, optionally filtered by text and by system type (the top bar's:
 * a group then lists and sums only that type's sites).
 */
export function groupTreeQueryOptions(filterText = '', systemType?: SystemType) {
  return queryOptions({
    queryKey: ['stations', 'tree', filterText, systemType ?? 0],
    queryFn: ({ signal }) =>
      api.get<GroupNode[]>(
        `${BASE}/filter/tree`,
        { filterText: filterText || undefined, systemType },
        signal,
      ),
  });
}

/** The caller's groups with their sites (see groupTreeQueryOptions). */
export function useGroupTree(filterText = '', systemType?: SystemType) {
  return useQuery(groupTreeQueryOptions(filterText, systemType));
}

/** The devices of a site (the query of useSiteDevices, for screens that read several sites' at once). */
export function siteDevicesQueryOptions(stationId: number) {
  return queryOptions({
    queryKey: ['stations', 'devices', stationId],
    queryFn: ({ signal }) => api.get<DeviceInfo[]>(`${BASE}/device/list`, { stationId }, signal),
  });
}

/**
 * The base address limit of a site's bus (spec §7 configure/device/base/address/limit with confTypes
 * [3]): the add-device form tells from it how many more devices a site holds. Reference data, kept in
 * session storage for the session (spec §3).
 */
export function useSiteBusLimits() {
  return useQuery(addressLimitsQueryOptions());
}

/** The devices of a site. */
export function useSiteDevices(stationId: number) {
  return useQuery(siteDevicesQueryOptions(stationId));
}

/** Adds an inventory device to a site by its two serial numbers. */
export function addDevice(body: {
  stationId: number;
  serialNumber: string;
  commSerialNumber: string;
  name?: string;
}) {
  return api.post<{ deviceId: number }>(`${BASE}/device/add`, body);
}

/** Renames a device. */
export function renameDevice(deviceId: number, name: string) {
  return api.post(`${BASE}/device/edit`, { deviceId, name });
}

/** Moves a device to another of the owner's sites. */
export function moveDevice(deviceId: number, stationId: number) {
  return api.post(`${BASE}/device/move`, { deviceId, stationId });
}

/** Removes a device from its site (back to the inventory). */
export function removeDevice(deviceId: number) {
  return api.post(`${BASE}/device/del`, { deviceId });
}

/**
 * Refetches every site list (dashboard, tree, search, base info, devices) after a change, and the alarm
 * lists and badge counts: a moved, removed or deleted device's open alarms change site or go.
 */
export async function refreshSites(client: QueryClient): Promise<void> {
  await Promise.all(
    ['stations', 'alarms', 'badges'].map((key) => client.invalidateQueries({ queryKey: [key] })),
  );
}

/** Currency symbols (sys_currencysymbol), session-stored reference data (spec §3). */
export function useCurrencies() {
  return useQuery(dictionaryQueryOptions('sys_currencysymbol'));
}

/** Station templates and time zones for the site form (session-stored reference data, spec §3). */
export function useSiteFormReferences() {
  const templates = useQuery(templatesQueryOptions());
  const timeZones = useQuery(dictionaryQueryOptions('sys_timezone'));
  return { templates: templates.data ?? [], timeZones: timeZones.data ?? [] };
}
