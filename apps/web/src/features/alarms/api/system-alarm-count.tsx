/**
 * The active-alarm count of the top bar's system type, read once for the whole signed-in layout: the
 * top-bar badge and the dashboard's alarms card share it. It comes from the combined badge call
 * (features/social/api/badge-counts.tsx), so the alarm, friend and share badges cost one request per 5-s
 * cycle together (issue 10 §6; before, issue 6 item 12: one observer, not two timers).
 */
import type { AlarmCount } from '@ems/contract/api/alarm';
import type { SystemType } from '@ems/contract/constants';
import type { ReactNode } from 'react';
import { BadgeCountsProvider, useBadgeCounts } from '../../social/api/badge-counts';

/** The count as its readers use it. */
export interface SystemAlarmCount {
  data: AlarmCount | undefined;
  isPending: boolean;
  /** The last poll failed (with `data` undefined: the count was never read). */
  isError: boolean;
}

/** Polls the counts of `systemType` (every 5 s) for everything below it. */
export function SystemAlarmCountProvider({
  systemType,
  children,
}: {
  systemType: SystemType;
  children: ReactNode;
}) {
  return <BadgeCountsProvider systemType={systemType}>{children}</BadgeCountsProvider>;
}

/**
 * The count of the layout's system type.
 * @throws Error outside a SystemAlarmCountProvider (a programming error: it would poll nothing).
 */
export function useSystemAlarmCount(): SystemAlarmCount {
  const { data, isPending, isError } = useBadgeCounts();
  return { data: data?.alarms, isPending, isError };
}
