/**
 * The device inventory (issue 24 item 9, admin): GET manage/devices/list (each device in stock or on
 * which site) and POST manage/devices/import (answers each device's MQTT secret, once).
 */
import type { InventoryImportResultSchema, InventoryPageSchema } from '@ems/contract/api/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';
import type { InventoryDevice } from '../lib/inventory-csv';
import type { PageParams } from './get-users';

/** One page of the inventory and its total. */
export type InventoryPage = z.infer<typeof InventoryPageSchema>;
/** The secrets an import answers (shown once). */
export type ImportedSecrets = z.infer<typeof InventoryImportResultSchema>;

/** The page of devices for `params`, narrowed to `state` (undefined: all). */
export function useInventory(params: PageParams, state: 'stock' | 'site' | undefined) {
  return useQuery({
    queryKey: ['admin', 'inventory', params, state ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<InventoryPage>('/webpvesc/ajax/manage/devices/list', { ...params, state }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Imports `devices`; resolves with each one's secret. */
export function importInventory(devices: InventoryDevice[]): Promise<ImportedSecrets> {
  return api.post<ImportedSecrets>('/webpvesc/ajax/manage/devices/import', { devices });
}
