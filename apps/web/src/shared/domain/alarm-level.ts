/**
 * Alarm levels of spec §4: 1 notice, 2 and 3 both alarm, 4 fault, 5 fatal; null, 0 or unknown is a
 * dash. Colours per UX.md "Alarms": fatal and fault red, alarm orange, notice blue.
 */
import type { AlarmCount } from '@ems/contract/api/alarm';

/** The four alarm kinds a level maps to. */
export type AlarmKind = 'notice' | 'alarm' | 'fault' | 'fatal';

/** antd Tag colour per kind. */
export const ALARM_COLORS: Record<AlarmKind, string> = {
  fatal: 'red',
  fault: 'red',
  alarm: 'orange',
  notice: 'blue',
};

/** The kind of a numeric level, or null for "–". */
export function alarmKind(level: number | null | undefined): AlarmKind | null {
  switch (level) {
    case 1:
      return 'notice';
    case 2:
    case 3:
      return 'alarm';
    case 4:
      return 'fault';
    case 5:
      return 'fatal';
    default:
      return null;
  }
}

/** The alarm kinds from the worst down: the order they are looked at and listed in. */
export const ALARM_KINDS_WORST_FIRST: readonly AlarmKind[] = ['fatal', 'fault', 'alarm', 'notice'];

/** The worst kind with at least one active alarm, or null when there is none. */
export function worstKind(byLevel: AlarmCount['byLevel'] | undefined): AlarmKind | null {
  if (!byLevel) return null;
  return ALARM_KINDS_WORST_FIRST.find((k) => byLevel[k] > 0) ?? null;
}

/** The alarm levels of spec §4, from the worst down: the order the bell's dialog counts them in. */
export const ALARM_LEVELS_WORST_FIRST: readonly number[] = [5, 4, 3, 2, 1];

/**
 * A level's own name, "2 · Minor alarm" (issue 34 item 5): where a level is picked or counted, 2 and 3,
 * both "alarm" in lists (spec §4), must not read alike.
 */
export function alarmLevelLabel(level: number, t: (key: string) => string): string {
  return `${level} · ${t(`alarms.levelName.${level}`)}`;
}

/** The options of a level select, 1 to 5, each with its own name. */
export function alarmLevelOptions(t: (key: string) => string): { value: number; label: string }[] {
  return [1, 2, 3, 4, 5].map((l) => ({ value: l, label: alarmLevelLabel(l, t) }));
}
