/**
 * The push rule form (issue 20 §1, spec §3): what the form holds, how a saved rule fills it, and the body
 * of push/config/save it sends. Only the fields of the chosen kind go out: levels and "notify when cleared"
 * and quiet hours for alarm rules, period and push time for report rules, devices for alarm rules only
 * (reports cover whole sites), mailboxes only with the e-mail channel. Pure functions.
 */

import type { PushLevel } from '@ems/contract/api/alarm';
import {
  PUSH_LEVEL_NAMES,
  type PushChannel,
  type PushKind,
  type PushPeriod,
  type PushRule,
  PushRuleSaveSchema,
} from '@ems/contract/api/push';
import type { z } from 'zod';

/** What the form holds; times are `HH:mm` text (the time pickers convert). */
export interface RuleFormValues {
  kind: PushKind;
  channels: PushChannel[];
  stationIds: number[];
  deviceIds: number[];
  alarmLevels: PushLevel[];
  notifyCleared: boolean;
  period: PushPeriod | null;
  pushTime: string | null;
  receiveLanguageId: number;
  mailboxIds: number[];
  quietFrom: string | null;
  quietTo: string | null;
  enabled: boolean;
}

/** Fields of the form, in its order (also the fields a refusal of the server may name). */
export const RULE_FIELDS = [
  'kind',
  'channels',
  'stationIds',
  'deviceIds',
  'alarmLevels',
  'notifyCleared',
  'period',
  'pushTime',
  'receiveLanguageId',
  'mailboxIds',
  'quietFrom',
  'quietTo',
  'enabled',
] as const satisfies readonly (keyof RuleFormValues)[];
export type RuleField = (typeof RULE_FIELDS)[number];

/** The body of push/config/save (before the schema's defaults). */
export type RuleBody = z.input<typeof PushRuleSaveSchema>;

/** True for the periodic report kinds (data, alarm report, generation). */
export function isReportKind(kind: PushKind): boolean {
  return kind !== 'alarm';
}

/**
 * A new rule: alarms of every level by e-mail to the account's own address, on every site the user can
 * see, written in `languageId`; a report kind chosen later starts daily at 08:00.
 */
export function newRuleValues(languageId: number): RuleFormValues {
  return {
    kind: 'alarm',
    channels: ['email'],
    stationIds: [],
    deviceIds: [],
    alarmLevels: [...PUSH_LEVEL_NAMES],
    notifyCleared: false,
    period: 'day',
    pushTime: '08:00',
    receiveLanguageId: languageId,
    mailboxIds: [],
    quietFrom: null,
    quietTo: null,
    enabled: true,
  };
}

/** The form values of a saved rule (report fields keep their defaults on an alarm rule, and back). */
export function ruleValues(rule: PushRule): RuleFormValues {
  const fresh = newRuleValues(rule.receiveLanguageId);
  return {
    kind: rule.kind,
    channels: [...rule.channels],
    stationIds: [...rule.stationIds],
    deviceIds: [...rule.deviceIds],
    alarmLevels: rule.kind === 'alarm' ? (rule.alarmLevels as PushLevel[]) : fresh.alarmLevels,
    notifyCleared: rule.notifyCleared,
    period: rule.period ?? fresh.period,
    pushTime: rule.pushTime ?? fresh.pushTime,
    receiveLanguageId: rule.receiveLanguageId,
    mailboxIds: [...rule.mailboxIds],
    quietFrom: rule.quietFrom,
    quietTo: rule.quietTo,
    enabled: rule.enabled,
  };
}

/**
 * The save body of `values` (of rule `id` when editing). Fields another kind uses are left out, so a
 * value chosen before the kind changed neither travels nor trips a rule of the schema.
 */
export function ruleBody(values: Partial<RuleFormValues>, id?: number): RuleBody {
  const kind = values.kind ?? 'alarm';
  const alarm = !isReportKind(kind);
  const channels = values.channels ?? [];
  return {
    ...(id === undefined ? {} : { id }),
    kind,
    channels,
    stationIds: values.stationIds ?? [],
    deviceIds: alarm ? (values.deviceIds ?? []) : [],
    alarmLevels: alarm ? (values.alarmLevels ?? []) : [],
    notifyCleared: alarm && (values.notifyCleared ?? false),
    ...(alarm || !values.period ? {} : { period: values.period }),
    ...(alarm || !values.pushTime ? {} : { pushTime: values.pushTime }),
    receiveLanguageId: values.receiveLanguageId ?? 0,
    mailboxIds: channels.includes('email') ? (values.mailboxIds ?? []) : [],
    quietFrom: alarm ? (values.quietFrom ?? null) : null,
    quietTo: alarm ? (values.quietTo ?? null) : null,
    enabled: values.enabled ?? true,
  };
}

/** The save body that flips a saved rule's enabled switch, everything else as stored. */
export function toggledBody(rule: PushRule, enabled: boolean): RuleBody {
  return ruleBody({ ...ruleValues(rule), enabled }, rule.id);
}

/** The first issue PushRuleSaveSchema finds on `field` of the form's `values`, or null. */
export function ruleFieldIssue(values: Partial<RuleFormValues>, field: RuleField): z.core.$ZodIssue | null {
  const result = PushRuleSaveSchema.safeParse(ruleBody(values));
  if (result.success) return null;
  return result.error.issues.find((i) => i.path[0] === field) ?? null;
}
