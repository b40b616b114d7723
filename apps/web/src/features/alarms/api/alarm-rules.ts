/**
 * The owner's threshold rules of a site (issue 9 routes, screen of issue 24 item 9): GET alarm/rule/list,
 * POST alarm/rule/save (id present: edit) and alarm/rule/del.
 */
import type { AlarmRule, AlarmRuleSaveSchema } from '@ems/contract/api/alarm';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

const BASE = '/webpvesc/ajax/alarm/rule';

/** A rule as the form sends it (languageId is added by the client). */
export type AlarmRuleInput = Omit<z.input<typeof AlarmRuleSaveSchema>, 'languageId'>;

/** Query key of a site's rules. */
export const rulesKey = (stationId: number) => ['alarms', 'rules', stationId] as const;

/** The site's rules, oldest first. */
export function useAlarmRules(stationId: number) {
  return useQuery({
    queryKey: rulesKey(stationId),
    queryFn: ({ signal }) => api.get<AlarmRule[]>(`${BASE}/list`, { stationId }, signal),
  });
}

/** Creates (no id) or edits a rule. */
export function saveAlarmRule(rule: AlarmRuleInput): Promise<AlarmRule> {
  return api.post<AlarmRule>(`${BASE}/save`, { ...rule });
}

/** Deletes a rule (its alarms stay in the history). */
export function deleteAlarmRule(id: number, stationId: number): Promise<null> {
  return api.post<null>(`${BASE}/del`, { id, stationId });
}
