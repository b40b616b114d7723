/**
 * Every top-bar badge count in one request per 5-s cycle (issue 10 §6): GET user/badges answers the
 * alarms module's current-alarm count with the pending friend requests and shares. One observer for the
 * whole signed-in layout (two observers of a key each run their own timer, issue 6 item 12).
 */
import type { BadgeCounts } from '@ems/contract/api/social';
import type { SystemType } from '@ems/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, use } from 'react';
import { api } from '../../../shared/http/client';
import { LIVE_QUERY } from '../../../shared/http/live-query';

/**
 * What the badges read: the latest counts (undefined until the first answer), whether it is loading, and
 * whether the last poll failed.
 */
export interface BadgeCountsState {
  data: BadgeCounts | undefined;
  isPending: boolean;
  isError: boolean;
}

const BadgeCountsContext = createContext<BadgeCountsState | null>(null);

/** Polls user/badges of `systemType` every 5 s for everything below it. */
export function BadgeCountsProvider({
  systemType,
  children,
}: {
  systemType: SystemType;
  children: ReactNode;
}) {
  const query = useQuery({
    queryKey: ['badges', systemType],
    queryFn: ({ signal }) => api.get<BadgeCounts>('/webpvesc/ajax/user/badges', { systemType }, signal),
    ...LIVE_QUERY,
  });
  return (
    <BadgeCountsContext value={{ data: query.data, isPending: query.isPending, isError: query.isError }}>
      {children}
    </BadgeCountsContext>
  );
}

/**
 * The layout's badge counts.
 * @throws Error outside a BadgeCountsProvider (a programming error: it would poll nothing).
 */
export function useBadgeCounts(): BadgeCountsState {
  const counts = use(BadgeCountsContext);
  if (!counts) throw new Error('useBadgeCounts needs a BadgeCountsProvider');
  return counts;
}
