/**
 * GET /owner_api/webpvesc/ajax/alarm/system/current/count (contract AlarmCountSchema): active alarms of
 * the caller's sites of a system type, or of given sites, by level. Refreshed every 5 s.
 */
import type { AlarmCount } from '@ems/contract/api/alarm';
import type { SystemType } from '@ems/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';

/** Which alarms to count: a system type's sites, or the given sites. */
export interface AlarmCountScope {
  systemType?: SystemType;
  stationIds?: number[];
}

/** Reads the active-alarm counts of a scope. */
export function getCurrentAlarmCount(scope: AlarmCountScope, signal?: AbortSignal): Promise<AlarmCount> {
  return api.get<AlarmCount>(
    '/webpvesc/ajax/alarm/system/current/count',
    { systemType: scope.systemType, stationIds: scope.stationIds, isCurrent: true, ispvesc: false },
    signal,
  );
}

/** Live query of the counts (5 s). */
export function currentAlarmCountQueryOptions(scope: AlarmCountScope) {
  return queryOptions({
    queryKey: ['alarms', 'current-count', scope.systemType ?? null, scope.stationIds ?? null],
    queryFn: ({ signal }) => getCurrentAlarmCount(scope, signal),
    ...LIVE_QUERY,
  });
}

/** Active-alarm counts of a scope, refreshed every 5 s. */
export function useCurrentAlarmCount(scope: AlarmCountScope) {
  return useQuery(currentAlarmCountQueryOptions(scope));
}
