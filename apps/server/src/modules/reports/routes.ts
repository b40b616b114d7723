/**
 * Report calls under /owner_api/webpvesc/ajax/report (issue 8 §3–4): the report, its export, a
 * site's tariff and the CO2 factors. Token required; ids checked in the services.
 */

import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import {
  type ChargerSession,
  ChargerSessionsSchema,
  Co2FactorDeleteBodySchema,
  Co2FactorEditBodySchema,
  Co2FactorListSchema,
  DeviceEventsQuerySchema,
  DeviceLinesQuerySchema,
  DeviceLinesSchema,
  ReportExportQuerySchema,
  ReportQuerySchema,
  ReportSchema,
  TariffEditBodySchema,
  TariffQuerySchema,
  TariffSchema,
} from '@ems/contract/api/report';
import { envelopeOf } from '@ems/contract/envelope';
import { translate } from '@ems/contract/messages';
import { Status } from '@ems/contract/status-codes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { requestLanguage } from '../../http/language';
import { localStamp } from '../../shared/zoned-time';
import { chargerSessions, upsEvents } from './device-events-service';
import { deviceLines } from './device-lines-service';
import { eventsCsv } from './events-csv';
import { reportCsv, reportWorkbook } from './export-file';
import { buildReport, buildReportOfSites } from './report-service';
import {
  editCo2Factor,
  getTariff,
  listCo2Factors,
  resetCo2Factor,
  setTariff,
  userTimeZone,
} from './settings-service';

const BASE = '/webpvesc/ajax/report';

/** An ISO instant of the API as the CSV shows it: site-local time with its UTC offset (null stays empty). */
const siteTime = (timeZone: string) => (iso: string | null) =>
  iso === null ? null : localStamp(Date.parse(iso), timeZone);

/** Columns of every charger's sessions CSV. */
const SESSION_COLUMNS = [
  ['report.col.start', ''],
  ['report.col.end', ''],
  ['report.col.energy', 'kWh'],
  ['report.col.duration', 'min'],
  ['report.col.solarShare', '%'],
] as const;
/** Columns an OCPP charger's sessions CSV adds (docs/ocpp.md "Sessions and reports"): inferred is 1 or 0. */
const OCPP_SESSION_COLUMNS = [
  ['report.col.transaction', ''],
  ['report.col.connector', ''],
  ['report.col.idTag', ''],
  ['report.col.stopReason', ''],
  ['report.col.inferred', ''],
] as const;
const sessionCells = (s: ChargerSession, at: (iso: string | null) => string | null) => [
  at(s.start),
  at(s.end),
  s.energyKwh,
  s.durationMin,
  s.solarShare,
];

/** Registers the report routes. */
export async function reportRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['report'];
  r.get(
    `${BASE}/summary`,
    {
      schema: {
        tags,
        summary: 'Report of sites by day, month or year: energy, yield, ratios, CO2, money',
        querystring: ReportQuerySchema,
        response: { 200: envelopeOf(ReportSchema) },
      },
    },
    async (request) => ok(request, await buildReport(ctx.db, request.user, request.query)),
  );
  r.get(
    `${BASE}/export`,
    {
      schema: {
        tags,
        summary: 'The report as .xlsx or CSV; an error envelope 导出失败 when it cannot be built',
        querystring: ReportExportQuerySchema,
      },
    },
    async (request, reply) => {
      // Access errors keep their own message; only a failure while building the file is "export failed".
      const { report, stations } = await buildReportOfSites(ctx.db, request.user, request.query);
      const sites = stations.map((s) => ({ name: s.name, timeZone: s.timeZone }));
      const language = requestLanguage(request);
      const timeZone = await userTimeZone(ctx.db, request.user.userId);
      const name = `report-${report.from}_${report.to}.${request.query.format}`;
      let file: Buffer | string;
      try {
        file =
          request.query.format === 'csv'
            ? reportCsv(report, sites, language, timeZone)
            : await reportWorkbook(report, sites, language, timeZone);
      } catch (err) {
        request.log.error({ err }, 'report export failed');
        throw new AppError(Status.OPERATION_FAILED, 'common.exportFailed');
      }
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .type(
          request.query.format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .send(file);
    },
  );
  r.get(
    `${BASE}/device-lines`,
    {
      schema: {
        tags,
        summary: 'Chosen points of one device over a local day, 5-minute means (at most 5)',
        querystring: DeviceLinesQuerySchema,
        response: { 200: envelopeOf(DeviceLinesSchema) },
      },
    },
    async (request) => ok(request, await deviceLines(ctx.db, request.user, request.query)),
  );
  r.get(
    `${BASE}/charger-sessions`,
    {
      schema: {
        tags,
        summary:
          'A charger’s sessions (start, end, kWh, minutes, solar share %) and kWh from PV surplus by month, year or total; CSV with format=csv',
        querystring: DeviceEventsQuerySchema,
      },
    },
    async (request, reply) => {
      const found = await chargerSessions(ctx.db, request.user, request.query);
      const data = ChargerSessionsSchema.parse(found.data);
      if (request.query.format !== 'csv') return ok(request, data);
      const language = requestLanguage(request);
      const at = siteTime(found.timeZone);
      const csv = found.ocpp
        ? eventsCsv(
            language,
            [...SESSION_COLUMNS, ...OCPP_SESSION_COLUMNS],
            [
              ...data.sessions.map((s) => [
                ...sessionCells(s, at),
                s.transactionId,
                s.connectorId,
                s.idTag,
                s.stopReason,
                s.inferred === null ? null : s.inferred ? 1 : 0,
              ]),
              // Issue 33: the period's kWh from PV surplus and their share, once per charger.
              ...(data.surplus === null
                ? []
                : [
                    [
                      translate('report.col.fromSurplus', language),
                      null,
                      data.surplus.surplusKwh,
                      null,
                      data.surplus.share,
                    ],
                  ]),
            ],
          )
        : eventsCsv(
            language,
            SESSION_COLUMNS,
            data.sessions.map((s) => sessionCells(s, at)),
          );
      return reply
        .header(
          'content-disposition',
          `attachment; filename="charger-sessions-${request.query.deviceId}.csv"`,
        )
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
  r.get(
    `${BASE}/ups-events`,
    {
      schema: {
        tags,
        summary: 'A UPS’s on-battery events (start, end, minutes, lowest SOC) by month, year or total',
        querystring: DeviceEventsQuerySchema,
      },
    },
    async (request, reply) => {
      const { data, timeZone } = await upsEvents(ctx.db, request.user, request.query);
      if (request.query.format !== 'csv') return ok(request, data);
      const at = siteTime(timeZone);
      const csv = eventsCsv(
        requestLanguage(request),
        [
          ['report.col.start', ''],
          ['report.col.end', ''],
          ['report.col.duration', 'min'],
          ['report.col.minSoc', '%'],
        ],
        data.map((e) => [at(e.start), at(e.end), e.durationMin, e.minSoc]),
      );
      return reply
        .header('content-disposition', `attachment; filename="ups-events-${request.query.deviceId}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
  r.get(
    `${BASE}/tariff`,
    {
      schema: {
        tags,
        summary: 'A site’s tariff (flat or peak/valley) in its currency; set false when none is set yet',
        querystring: TariffQuerySchema,
        response: { 200: envelopeOf(TariffSchema) },
      },
    },
    async (request) => ok(request, await getTariff(ctx.db, request.user, request.query.stationId)),
  );
  r.put(
    `${BASE}/tariff`,
    {
      schema: {
        tags,
        summary: 'Sets a site’s tariff (owner only)',
        body: TariffEditBodySchema,
        response: { 200: envelopeOf(TariffSchema) },
      },
    },
    async (request) => ok(request, await setTariff(ctx.db, request.user, request.body)),
  );
  r.get(
    `${BASE}/co2-factors`,
    {
      schema: {
        tags,
        summary: 'CO2 avoided per kWh by country (defaults and the administrator’s values)',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(Co2FactorListSchema) },
      },
    },
    async (request) => ok(request, await listCo2Factors(ctx.db)),
  );
  r.put(
    `${BASE}/co2-factors`,
    {
      schema: {
        tags,
        summary: 'Sets a country’s CO2 factor (administrator only)',
        body: Co2FactorEditBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await editCo2Factor(ctx.db, request.user, request.body);
      return ok(request, null);
    },
  );
  r.post(
    `${BASE}/co2-factors/del`,
    {
      schema: {
        tags,
        summary: 'Drops a country’s CO2 factor set by the administrator; its default applies again',
        body: Co2FactorDeleteBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await resetCo2Factor(ctx.db, request.user, request.body.country);
      return ok(request, null);
    },
  );
}
