/** Alarm calls (spec §7 General and alarms); levels per spec §4: 1 notice, 2–3 alarm, 4 fault, 5 fatal. */
import { z } from 'zod';
import {
  boundedInt,
  EPOCH_MS_MAX,
  EPOCH_MS_MIN,
  epochTimeField,
  pageNumField,
  pageSizeField,
  requiredNumber,
  safeString,
  withSpans,
} from '../bounds';
import { DEVICE_TYPES } from '../telemetry';
import { idParam, languageIdField, queryBool, repeatedKey, systemTypeField } from './common';

export const AlarmCountQuerySchema = z.object({
  systemType: systemTypeField.optional(),
  stationIds: repeatedKey(idParam).optional(),
  isCurrent: queryBool.optional(),
  ispvesc: queryBool.optional(),
  isarray: queryBool.optional(),
  languageId: languageIdField,
});

/** Alarm levels are 1 to this (spec §4). */
export const ALARM_LEVEL_COUNT = 5;

/** data of alarm/system/current/count: active alarms on the caller's sites, and per level. */
export const AlarmCountSchema = z.object({
  count: z.number().int(),
  byLevel: z.object({
    notice: z.number().int(),
    alarm: z.number().int(),
    fault: z.number().int(),
    fatal: z.number().int(),
  }),
  /**
   * Active alarms of levels 1 to 5, in that order (issue 34 item 5: levels 2 and 3, one group in byLevel,
   * each have their own name and count in the bell's dialog).
   */
  levels: z.array(z.number().int()).length(ALARM_LEVEL_COUNT),
});
export type AlarmCount = z.infer<typeof AlarmCountSchema>;

// ---- issue 9: alarm lists, push levels and threshold rules ----

/** Spec §4 level groups shown in lists; null, 0 or unknown levels show a dash. */
export const LEVEL_GROUPS = ['notice', 'alarm', 'fault', 'fatal'] as const;
export type LevelGroup = (typeof LEVEL_GROUPS)[number];

/** Which spec §4 group a level belongs to: 1 notice, 2–3 alarm, 4 fault, 5 fatal, anything else null (a dash). */
export function levelGroupOf(level: number | null | undefined): LevelGroup | null {
  if (level === 1) return 'notice';
  if (level === 2 || level === 3) return 'alarm';
  if (level === 4) return 'fault';
  if (level === 5) return 'fatal';
  return null;
}

/** Spec §4 push levels: what a push subscriber picks, and the alarm levels each one covers. */
export const PUSH_LEVELS = {
  general: [1, 2, 3],
  serious: [4],
  fatal: [5],
} as const satisfies Record<string, readonly number[]>;
export type PushLevel = keyof typeof PUSH_LEVELS;

/** The push level of an alarm level (1–3 general, 4 serious, 5 fatal), null for unknown levels. */
export function pushLevelOf(level: number | null | undefined): PushLevel | null {
  for (const [push, levels] of Object.entries(PUSH_LEVELS) as [PushLevel, readonly number[]][])
    if (level != null && levels.includes(level)) return push;
  return null;
}

/** A time filter bound: epoch milliseconds, or 10-digit epoch seconds (spec §9). */
const timeBound = epochTimeField;

/**
 * Query of current/list and history/list (and the paged alarm list of spec §7): page from 1, 10 rows by
 * default; filters systemType, stations, one site, one device, levels, time range (on the alarm's start)
 * and text (description, code, device or site name).
 */
const AlarmListQueryFields = z.object({
  systemType: systemTypeField.optional(),
  stationIds: repeatedKey(idParam).optional(),
  stationId: idParam.optional(),
  deviceId: idParam.optional(),
  levels: repeatedKey(boundedInt(0, 5), 6).optional(),
  startTime: timeBound.optional(),
  endTime: timeBound.optional(),
  text: safeString(50, { trim: true }).optional(),
  pageNum: pageNumField.optional(),
  pageSize: pageSizeField.optional(),
  isCurrent: queryBool.optional(),
  ispvesc: queryBool.optional(),
  languageId: languageIdField,
});
/** The whole calendar: a history filter may span it, but never backwards. */
const WHOLE_CALENDAR_DAYS = Math.ceil((EPOCH_MS_MAX - EPOCH_MS_MIN) / 86_400_000);
export const AlarmListQuerySchema = withSpans(AlarmListQueryFields, [
  { from: 'startTime', to: 'endTime', maxDays: WHOLE_CALENDAR_DAYS, kind: 'epoch' },
]);
export type AlarmListQuery = z.infer<typeof AlarmListQuerySchema>;

/** Spec §3 alarm (current and history). Times: epoch ms; alarmDateTime is local to the site. */
export const AlarmRowSchema = z.object({
  id: z.number().int(),
  alarmTime: z.number().int(),
  /** YYYY-MM-DD HH:mm:ss in the site's time zone. */
  alarmDateTime: z.string(),
  /** End time (epoch ms), null while current. */
  clearTime: z.number().int().nullable(),
  alarmDesc: z.string(),
  alarmCode: z.string(),
  alarmLevel: z.number().int().nullable(),
  /** device | offline | rule */
  source: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  stationId: z.number().int(),
  stationName: z.string(),
  systemType: z.number().int(),
  timeZone: z.string(),
});
export type AlarmRow = z.infer<typeof AlarmRowSchema>;

/** data of a paged alarm list: rows and the total matching the filters. */
export const AlarmPageSchema = z.object({ data: z.array(AlarmRowSchema), total: z.number().int() });
export type AlarmPage = z.infer<typeof AlarmPageSchema>;

/** data of current/count with isarray=true: one entry per station with active alarms. */
export const AlarmCountArraySchema = z.array(AlarmCountSchema.extend({ stationId: z.number().int() }));

/** Counters of the alarm page: active now, started today (site-independent UTC day of the caller) and in 24 h. */
export const AlarmSummarySchema = z.object({
  active: z.number().int(),
  today: z.number().int(),
  last24h: z.number().int(),
});
export type AlarmSummary = z.infer<typeof AlarmSummarySchema>;

/** Comparison of a threshold rule. */
export const RULE_OPS = ['above', 'below'] as const;

/** Bounds of a threshold rule (issue 9): a site holds at most RULES_PER_STATION rules. */
export const RULE_BOUNDS = {
  perStation: 100,
  threshold: 1e9,
  minDurationS: 0,
  maxDurationS: 86_400,
} as const;

/** Body of POST alarm/rule/save: id present means edit (spec §3 save convention). */
export const AlarmRuleSaveSchema = z.object({
  id: idParam.optional(),
  stationId: idParam,
  name: safeString(50, { trim: true }).min(1, { error: 'validation.required' }),
  /** Only devices of this type; absent, null or '': every device of the site. */
  deviceType: z
    .union([z.literal(''), z.enum(DEVICE_TYPES, { error: 'common.illegalInput' })])
    .nullable()
    .optional()
    .transform((v) => v || null),
  /** SunSpec point name of the device's telemetry (e.g. SoC, TmpCab, DCW). */
  point: safeString(32).regex(/^[A-Za-z][A-Za-z0-9_]*$/, { error: 'common.illegalInput' }),
  op: z.enum(RULE_OPS, { error: 'common.illegalInput' }),
  /** Cannot be empty (spec §5): an empty limit would read as 0. */
  threshold: requiredNumber(-RULE_BOUNDS.threshold, RULE_BOUNDS.threshold),
  durationS: boundedInt(RULE_BOUNDS.minDurationS, RULE_BOUNDS.maxDurationS),
  level: boundedInt(1, 5),
  enabled: z.boolean().optional(),
  languageId: languageIdField,
});
export type AlarmRuleSave = z.infer<typeof AlarmRuleSaveSchema>;

/** A saved threshold rule. */
export const AlarmRuleSchema = AlarmRuleSaveSchema.omit({ languageId: true }).extend({
  id: z.number().int(),
  deviceType: z.string().nullable(),
  threshold: z.number(),
  enabled: z.boolean(),
});
export type AlarmRule = z.infer<typeof AlarmRuleSchema>;

/** Query of GET alarm/rule/list. */
export const AlarmRuleListQuerySchema = z.object({ stationId: idParam, languageId: languageIdField });
/** Body of POST alarm/rule/del. */
export const AlarmRuleDelSchema = z.object({ id: idParam, stationId: idParam, languageId: languageIdField });

/** Query of GET alarm/system/summary: the list's scope, and the start of the caller's day (epoch ms or s). */
export const AlarmSummaryQuerySchema = AlarmListQueryFields.pick({
  systemType: true,
  stationIds: true,
  stationId: true,
  languageId: true,
}).extend({ todayStart: timeBound.optional() });
