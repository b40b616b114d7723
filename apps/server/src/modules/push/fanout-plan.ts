/**
 * Which alarm messages to make (issue 20 §3): pure rules, tested alone. A rule matches an alarm when the
 * alarm's push level is one of the rule's levels, its site and device are among the rule's (empty: all the
 * user sees) and the user sees the site. A cleared alarm is told only to rules that ask for it. Within
 * quiet hours only fatal alarms go; the rest are kept in the log as suppressed. A code that comes back
 * within FLAP_DIGEST_S of a message for the same device, code, channel and recipient joins that window's
 * digest instead of making a message of its own.
 */
import { pushLevelOf } from '@ems/contract/api/alarm';
import { FLAP_DIGEST_S } from '@ems/contract/api/push';
import { localParts } from '../../shared/zoned-time';

/** The parts of a rule the matching reads. */
export interface RuleForMatch {
  id: number;
  userId: number;
  stationIds: number[];
  deviceIds: number[];
  alarmLevels: string[];
  notifyCleared: boolean;
  quietFrom: string | null;
  quietTo: string | null;
}

/** The parts of an alarm the matching reads. */
export interface AlarmForMatch {
  stationId: number;
  deviceId: number | null;
  level: number;
}

/** Whether `rule` (of a user who sees the alarm's site) asks for `event` of `alarm`. */
export function ruleMatches(rule: RuleForMatch, alarm: AlarmForMatch, event: 'raised' | 'cleared'): boolean {
  if (event === 'cleared' && !rule.notifyCleared) return false;
  const level = pushLevelOf(alarm.level);
  if (!level || !rule.alarmLevels.includes(level)) return false;
  if (rule.stationIds.length > 0 && !rule.stationIds.includes(alarm.stationId)) return false;
  if (rule.deviceIds.length > 0 && (alarm.deviceId === null || !rule.deviceIds.includes(alarm.deviceId))) {
    return false;
  }
  return true;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `at` falls in the quiet hours `from`–`to` (`HH:mm`, the end excluded, wrapping midnight when
 * `to` ≤ `from`) of `timeZone`.
 */
export function inQuietHours(
  quiet: { quietFrom: string | null; quietTo: string | null },
  at: Date,
  timeZone: string,
): boolean {
  if (!quiet.quietFrom || !quiet.quietTo) return false;
  const p = localParts(at.getTime(), timeZone);
  const now = p.hour * 60 + p.minute;
  const from = minutes(quiet.quietFrom);
  const to = minutes(quiet.quietTo);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** Fatal alarms (push level `fatal`) go through quiet hours. */
export const breaksQuiet = (level: number) => pushLevelOf(level) === 'fatal';

/** The flap window an instant falls in: its start, epoch seconds (windows are aligned to the epoch). */
export const flapWindow = (at: Date) => Math.floor(at.getTime() / 1000 / FLAP_DIGEST_S) * FLAP_DIGEST_S;

/** The key of what flaps: one device's code on one channel to one recipient. */
export const flapKey = (deviceId: number | null, code: string, channel: string, recipient: string) =>
  `${deviceId ?? 0}\u0000${code}\u0000${channel}\u0000${recipient}`;

/** Dedupe keys of the delivery log (push_deliveries.dedupe_key): one message per what, channel, recipient. */
export const deliveryKey = {
  alarm: (alarmId: number, event: 'raised' | 'cleared', channel: string, recipient: string) =>
    `alarm:${alarmId}:${event}:${channel}:${recipient}`,
  digest: (deviceId: number | null, code: string, window: number, channel: string, recipient: string) =>
    `digest:${deviceId ?? 0}:${code}:${window}:${channel}:${recipient}`,
  report: (ruleId: number, period: string, channel: string, recipient: string) =>
    `report:${ruleId}:${period}:${channel}:${recipient}`,
};
