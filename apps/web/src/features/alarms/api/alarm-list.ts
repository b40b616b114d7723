/**
 * GET /owner_api/webpvesc/ajax/alarm/system/{current|history}/list and …/summary (contract AlarmPageSchema,
 * AlarmSummarySchema; issue 9): a page of alarms of the caller's sites matching the filters, and the
 * counters of the alarm page.
 */
import type { AlarmPage, AlarmSummary } from '@ems/contract/api/alarm';
import { ALARM_PAGE_SIZE, type SystemType } from '@ems/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';

/** Which alarms a list shows; every field optional (all visible sites). Times in epoch ms. */
export interface AlarmFilters {
  systemType?: SystemType;
  stationId?: number;
  deviceId?: number;
  levels?: number[];
  startTime?: number;
  endTime?: number;
  text?: string;
}

/** Current alarms or the history (cleared ones). */
export type AlarmListKind = 'current' | 'history';

/** Reads one page (pageNum from 1, pageSize default 10, spec §9). */
export function getAlarmPage(
  kind: AlarmListKind,
  filters: AlarmFilters,
  pageNum: number,
  pageSize = ALARM_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<AlarmPage> {
  return api.get<AlarmPage>(
    `/webpvesc/ajax/alarm/system/${kind}/list`,
    { ...filters, text: filters.text || undefined, pageNum, pageSize, ispvesc: false },
    signal,
  );
}

/**
 * A page of alarms, refreshed every 5 s while `live` (current alarms) and reloaded whenever the filters
 * (device included) or `refresh` change; `enabled` false keeps it idle (a closed dialog polls nothing).
 */
export function alarmPageQueryOptions(
  kind: AlarmListKind,
  filters: AlarmFilters,
  pageNum: number,
  opts: { refresh?: unknown; enabled?: boolean; pageSize?: number } = {},
) {
  return queryOptions({
    queryKey: ['alarms', kind, filters, pageNum, opts.pageSize ?? ALARM_PAGE_SIZE, opts.refresh ?? null],
    queryFn: ({ signal }) => getAlarmPage(kind, filters, pageNum, opts.pageSize, signal),
    enabled: opts.enabled ?? true,
    ...(kind === 'current' ? LIVE_QUERY : {}),
  });
}

/** React hook of alarmPageQueryOptions. */
export function useAlarmPage(...args: Parameters<typeof alarmPageQueryOptions>) {
  return useQuery(alarmPageQueryOptions(...args));
}

/** Counters of the alarm page (active, today from the browser's midnight, last 24 h), every 5 s. */
export function useAlarmSummary(scope: Pick<AlarmFilters, 'systemType' | 'stationId'>) {
  const todayStart = new Date().setHours(0, 0, 0, 0);
  return useQuery({
    queryKey: ['alarms', 'summary', scope, todayStart],
    queryFn: ({ signal }) =>
      api.get<AlarmSummary>('/webpvesc/ajax/alarm/system/summary', { ...scope, todayStart }, signal),
    ...LIVE_QUERY,
  });
}
