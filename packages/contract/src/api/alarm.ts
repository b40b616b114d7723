/** Alarm calls (spec §7 General and alarms); levels per spec §4: 1 notice, 2–3 alarm, 4 fault, 5 fatal. */
import { z } from 'zod';
import { idParam, languageIdField, queryBool, repeatedKey, systemTypeField } from './common';

export const AlarmCountQuerySchema = z.object({
  systemType: systemTypeField.optional(),
  stationIds: repeatedKey(idParam).optional(),
  isCurrent: queryBool.optional(),
  ispvesc: queryBool.optional(),
  isarray: queryBool.optional(),
  languageId: languageIdField,
});

/** data of alarm/system/current/count: active alarms on the caller's sites, and per level. */
export const AlarmCountSchema = z.object({
  count: z.number().int(),
  byLevel: z.object({
    notice: z.number().int(),
    alarm: z.number().int(),
    fault: z.number().int(),
    fatal: z.number().int(),
  }),
});
export type AlarmCount = z.infer<typeof AlarmCountSchema>;
