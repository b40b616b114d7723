/**
 * The active-alarm count of the top bar's system type, read once for the whole signed-in layout: the
 * top-bar badge and the dashboard's alarms card share this one query observer. Two observers of the
 * same key each run their own 5-s timer, so the count was fetched twice per cycle (issue 6, item 12).
 */
import type { SystemType } from '@ems/contract/constants';
import { createContext, type ReactNode, use } from 'react';
import { useCurrentAlarmCount } from './get-current-alarm-count';

type SystemAlarmCount = ReturnType<typeof useCurrentAlarmCount>;

const SystemAlarmCountContext = createContext<SystemAlarmCount | null>(null);

/** Polls the count of `systemType` (every 5 s) for everything below it. */
export function SystemAlarmCountProvider({
  systemType,
  children,
}: {
  systemType: SystemType;
  children: ReactNode;
}) {
  const count = useCurrentAlarmCount({ systemType });
  return <SystemAlarmCountContext value={count}>{children}</SystemAlarmCountContext>;
}

/**
 * The count of the layout's system type.
 * @throws Error outside a SystemAlarmCountProvider (a programming error: it would poll nothing).
 */
export function useSystemAlarmCount(): SystemAlarmCount {
  const count = use(SystemAlarmCountContext);
  if (!count) throw new Error('useSystemAlarmCount needs a SystemAlarmCountProvider');
  return count;
}
