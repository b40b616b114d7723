/** Alarm calls of spec §7 (General and alarms) and the threshold-rule calls of issue 9. */
import {
  AlarmCountArraySchema,
  AlarmCountQuerySchema,
  AlarmCountSchema,
  AlarmListQuerySchema,
  AlarmPageSchema,
  AlarmRuleDelSchema,
  AlarmRuleListQuerySchema,
  AlarmRuleSaveSchema,
  AlarmRuleSchema,
  AlarmSummaryQuerySchema,
  AlarmSummarySchema,
} from '@ems/contract/api/alarm';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { requestLanguage } from '../../http/language';
import { alarmCounters, alarmPage } from './list-service';
import { deleteRule, listRules, saveRule } from './rules-service';
import { currentAlarmCount, currentAlarmCountByStation } from './service';

const BASE = '/webpvesc/ajax/alarm';

/** Registers the alarm calls under /owner_api (token required). */
export async function alarmRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${BASE}/system/current/count`,
    {
      schema: {
        tags: ['alarm'],
        summary: 'Active alarms on the caller’s sites, per level (isarray=true: per station)',
        querystring: AlarmCountQuerySchema,
        response: { 200: envelopeOf(z.union([AlarmCountSchema, AlarmCountArraySchema])) },
      },
    },
    async (request) =>
      ok(
        request,
        request.query.isarray
          ? await currentAlarmCountByStation(ctx.db, request.user, request.query)
          : await currentAlarmCount(ctx.db, request.user, request.query),
      ),
  );
  const page = (current: boolean | undefined, summary: string, path: string) =>
    r.get(
      `${BASE}/system/${path}`,
      {
        schema: {
          tags: ['alarm'],
          summary,
          querystring: AlarmListQuerySchema,
          response: { 200: envelopeOf(AlarmPageSchema) },
        },
      },
      async (request) =>
        ok(
          request,
          await alarmPage(
            ctx.db,
            request.user,
            request.query,
            current ?? request.query.isCurrent,
            requestLanguage(request),
          ),
        ),
    );
  page(true, 'Current alarms, paged (data.data rows, data.total)', 'current/list');
  page(false, 'Cleared alarms with their end time, paged', 'history/list');
  page(
    undefined,
    'Paged alarm list of spec §7: current when isCurrent=true, history when false, else both',
    'list',
  );
  r.get(
    `${BASE}/system/summary`,
    {
      schema: {
        tags: ['alarm'],
        summary: 'Counters of the alarm page: active, started today, started in the last 24 h',
        querystring: AlarmSummaryQuerySchema,
        response: { 200: envelopeOf(AlarmSummarySchema) },
      },
    },
    async (request) => ok(request, await alarmCounters(ctx.db, request.user, request.query)),
  );
  r.get(
    `${BASE}/rule/list`,
    {
      schema: {
        tags: ['alarm'],
        summary: 'Threshold rules of a site (owner only)',
        querystring: AlarmRuleListQuerySchema,
        response: { 200: envelopeOf(z.array(AlarmRuleSchema)) },
      },
    },
    async (request) => ok(request, await listRules(ctx.db, request.user, request.query.stationId)),
  );
  r.post(
    `${BASE}/rule/save`,
    {
      schema: {
        tags: ['alarm'],
        summary: 'Creates (no id) or edits a threshold rule (owner only)',
        body: AlarmRuleSaveSchema,
        response: { 200: envelopeOf(AlarmRuleSchema) },
      },
    },
    async (request) => ok(request, await saveRule(ctx.db, request.user, request.body)),
  );
  r.post(
    `${BASE}/rule/del`,
    {
      schema: {
        tags: ['alarm'],
        summary: 'Deletes a threshold rule (owner only)',
        body: AlarmRuleDelSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteRule(ctx.db, request.user, request.body.id, request.body.stationId);
      return ok(request, null);
    },
  );
}
