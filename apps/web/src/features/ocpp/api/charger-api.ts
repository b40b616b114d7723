/**
 * The charger calls of /owner_api/webpvesc/ajax/station (contract api/ocpp.ts and api/ocpp-charger.ts,
 * docs/ocpp.md): a site's chargers, their commands, the site's charging limit, commissioning and id tags.
 * The charger list and a charger's command history are read every 2 s while a command is on its way.
 */
import type { ChargerAdded, IdTagRow } from '@ems/contract/api/ocpp';
import type {
  ChargerCommandBody,
  ChargerCommandPage,
  ChargerCommandRow,
  ChargerRow,
  SiteChargeLimit,
} from '@ems/contract/api/ocpp-charger';
import type { SolarModeBody } from '@ems/contract/api/solar-charging';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

const BASE = '/webpvesc/ajax/station';

/** How often a pending command (and the chargers it changes) is read again, ms. */
export const PENDING_POLL_MS = 2_000;
/** How often the chargers are read when nothing is pending, ms (a status arrives when it changes). */
export const IDLE_POLL_MS = 5_000;

/** Query keys of the feature; `site(stationId)` prefixes everything of one site. */
export const chargerKeys = {
  site: (stationId: number) => ['ocpp', stationId] as const,
  chargers: (stationId: number) => ['ocpp', stationId, 'chargers'] as const,
  limit: (stationId: number) => ['ocpp', stationId, 'limit'] as const,
  idTags: (stationId: number) => ['ocpp', stationId, 'idtags'] as const,
  commands: (stationId: number, deviceId: number) => ['ocpp', stationId, 'commands', deviceId] as const,
};

/** GET charger/list: the site's chargers; every 2 s while `polling`, else every 5 s (as the station page's live values). */
export function useChargers(stationId: number, polling: boolean) {
  return useQuery({
    queryKey: chargerKeys.chargers(stationId),
    queryFn: ({ signal }) => api.get<ChargerRow[]>(`${BASE}/charger/list`, { stationId }, signal),
    refetchInterval: polling ? PENDING_POLL_MS : IDLE_POLL_MS,
  });
}

/**
 * GET charger/command/list of `deviceId`, page `pageNum` of `pageSize` (newest first). Read again every
 * 2 s while the page holds a command that is still queued or sent.
 */
export function useChargerCommands(stationId: number, deviceId: number, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: [...chargerKeys.commands(stationId, deviceId), pageNum, pageSize],
    queryFn: ({ signal }) =>
      api.get<ChargerCommandPage>(`${BASE}/charger/command/list`, { deviceId, pageNum, pageSize }, signal),
    refetchInterval: (q) =>
      (q.state.data?.rows ?? []).some((r) => r.state === 'queued' || r.state === 'sent')
        ? PENDING_POLL_MS
        : false,
    placeholderData: (previous) => previous,
  });
}

/**
 * POST charger/command: one operation of a charger. @returns the recorded command (usually queued).
 * @throws ApiError on a refusal (无操作权限 for a friend or a foreign charger).
 */
export function sendChargerCommand(body: ChargerCommandBody) {
  return api.post<ChargerCommandRow>(`${BASE}/charger/command`, { ...body });
}

/** POST charger/schedule: asks the charger for its composite schedule (connector 0, the next hour). */
export function requestSchedule(deviceId: number, connectorId = 0, duration = 3600) {
  return api.post<ChargerCommandRow>(`${BASE}/charger/schedule`, { deviceId, connectorId, duration });
}

/** GET charger/limit: the site's charging limit and its division among the chargers. */
export function useSiteChargeLimit(stationId: number) {
  return useQuery({
    queryKey: chargerKeys.limit(stationId),
    queryFn: ({ signal }) => api.get<SiteChargeLimit>(`${BASE}/charger/limit`, { stationId }, signal),
    refetchInterval: IDLE_POLL_MS,
  });
}

/** POST charger/limit/set: sets the site's limit in kW, or lifts it with null. */
export function setSiteChargeLimit(stationId: number, limitKw: number | null) {
  return api.post<SiteChargeLimit>(`${BASE}/charger/limit/set`, { stationId, limitKw });
}

/** POST charger/add: commissions a charger. @returns its device id and key (shown this once). */
export function addCharger(body: { stationId: number; identity: string; name?: string }) {
  return api.post<ChargerAdded>(`${BASE}/charger/add`, body);
}

/** GET idtag/list: the id tags that may charge at the site (the owner's only); idle unless `enabled`. */
export function useIdTags(stationId: number, enabled: boolean) {
  return useQuery({
    queryKey: chargerKeys.idTags(stationId),
    queryFn: ({ signal }) => api.get<IdTagRow[]>(`${BASE}/idtag/list`, { stationId }, signal),
    enabled,
  });
}

/** POST idtag/add. @returns the site's tags. */
export function addIdTag(body: { stationId: number; idTag: string; name?: string }) {
  return api.post<IdTagRow[]>(`${BASE}/idtag/add`, body);
}

/** POST idtag/del. @returns the site's tags. */
export function deleteIdTag(stationId: number, idTag: string) {
  return api.post<IdTagRow[]>(`${BASE}/idtag/del`, { stationId, idTag });
}

/** Reads everything of the site's chargers again (after an action, or a new charger). */
export function refreshChargers(client: QueryClient, stationId: number): Promise<void> {
  return client.invalidateQueries({ queryKey: chargerKeys.site(stationId) });
}

/**
 * POST charger/mode: a charger's solar-charging mode (issue 33), keeping its minimum current and phases.
 * @throws ApiError on a refusal (无操作权限 for a friend).
 */
export function setSolarMode(body: SolarModeBody) {
  return api.post<null>(`${BASE}/charger/mode`, { ...body });
}
