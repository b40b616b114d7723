/**
 * The fleet calls of /owner_api/webpvesc/ajax/station (contract api/fleet.ts): sites (create, modify,
 * del), groups (category/edit, filter/tree), devices (list, add, edit, move, del) and the currencies of
 * dictionary/list. Every change invalidates the site lists, so the dashboard, tree and search follow.
 */

import type { DictionaryItem, DictionaryListSchema, StationTemplate } from '@ems/contract/api/dictionary';
import type { GroupNode } from '@ems/contract/api/fleet';
import type { DeviceInfo } from '@ems/contract/api/station';
import type { SystemType } from '@ems/contract/constants';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
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

/** Refetches every site list (dashboard, tree, search, base info, devices) after a change. */
export function refreshSites(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ['stations'] });
}

/** The sys_currencysymbol items (reference data, read once per page load). */
export function useCurrencies() {
  return useQuery({
    queryKey: ['dictionary', 'sys_currencysymbol'],
    queryFn: async ({ signal }): Promise<DictionaryItem[]> => {
      const data = await api.get<z.infer<typeof DictionaryListSchema>>(
        '/webpvesc/ajax/dictionary/list',
        { keys: ['sys_currencysymbol'] },
        signal,
      );
      return data.sys_currencysymbol ?? [];
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Station templates and time zones for the site form (reference data, read once per page load). */
export function useSiteFormReferences() {
  const templates = useQuery({
    queryKey: ['fleet', 'templates'],
    queryFn: ({ signal }) => api.get<StationTemplate[]>(`${BASE}/templates`, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const timeZones = useQuery({
    queryKey: ['fleet', 'sys_timezone'],
    queryFn: async ({ signal }): Promise<DictionaryItem[]> => {
      const data = await api.get<z.infer<typeof DictionaryListSchema>>(
        '/webpvesc/ajax/dictionary/list',
        { keys: ['sys_timezone'] },
        signal,
      );
      return data.sys_timezone ?? [];
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { templates: templates.data ?? [], timeZones: timeZones.data ?? [] };
}
