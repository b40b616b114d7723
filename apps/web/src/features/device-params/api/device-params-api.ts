/**
 * Remote settings calls under /owner_api/webpvesc/ajax/device (contract api/device-commands.ts,
 * docs/commands.md): a device's parameters (read every 2 s while a command of it is pending), its
 * command history, and a set.
 */
import type {
  CommandPage,
  DeviceParamsAnswer,
  DeviceParamsSetAnswer,
} from '@ems/contract/api/device-commands';
import type { DeviceParamsPatch } from '@ems/contract/api/device-params';
import { useQuery } from '@tanstack/react-query';
import { api, requestWithMessage } from '../../../shared/http/client';

const BASE = '/webpvesc/ajax/device';

/** How often a pending command's state is read again, ms. */
export const PENDING_POLL_MS = 2_000;
/** How often the reported values are read again when nothing is pending, ms (a report every few minutes). */
export const IDLE_POLL_MS = 30_000;

/** Query keys of one device's parameters and history (both refreshed after a set). */
export const paramsKeys = {
  device: (deviceId: number) => ['device-params', deviceId] as const,
  params: (deviceId: number) => ['device-params', deviceId, 'params'] as const,
  history: (deviceId: number, pageNum: number) => ['device-params', deviceId, 'history', pageNum] as const,
};

/** GET device/params of `deviceId` (null: no query); read every 2 s while a command is pending, else 30 s. */
export function useDeviceParams(deviceId: number | null) {
  return useQuery({
    queryKey: paramsKeys.params(deviceId ?? 0),
    queryFn: ({ signal }) => api.get<DeviceParamsAnswer>(`${BASE}/params`, { deviceId }, signal),
    enabled: deviceId !== null,
    refetchInterval: (q) => ((q.state.data?.pending.length ?? 0) > 0 ? PENDING_POLL_MS : IDLE_POLL_MS),
  });
}

/** GET device/command/list, one page of `pageSize` (newest first); polled while `polling`. */
export function useCommandHistory(deviceId: number, pageNum: number, pageSize: number, polling: boolean) {
  return useQuery({
    queryKey: [...paramsKeys.history(deviceId, pageNum), pageSize],
    queryFn: ({ signal }) =>
      api.get<CommandPage>(`${BASE}/command/list`, { deviceId, pageNum, pageSize }, signal),
    refetchInterval: polling ? PENDING_POLL_MS : false,
    placeholderData: (previous) => previous,
  });
}

/**
 * POST device/params/set. @returns the answer and the server's message in the caller's language
 * ("Command recorded…", or "The device already has these values…"). @throws ApiError on a refusal
 * (a rule, with `field`; 无操作权限 for a viewer).
 */
export function setDeviceParams(deviceId: number, params: DeviceParamsPatch) {
  return requestWithMessage<DeviceParamsSetAnswer>('POST', `${BASE}/params/set`, {
    body: { deviceId, params },
  });
}
