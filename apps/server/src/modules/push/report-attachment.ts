/**
 * The spreadsheet a report e-mail carries (issue 20 §5), built when the mail is handed to the outbox:
 * the report page's workbook of the pushed period (generation, data), or the period's alarms (alarm
 * report), in the message's language.
 */
import type { LanguageCode } from '@ems/contract/constants';
import { translate } from '@ems/contract/messages';
import { reportWorkbook } from '../reports/export-file';
import { reportStations } from '../reports/report-service';
import { userTimeZone } from '../reports/settings-service';
import type { ChannelDeps, DeliveryToSend } from './channel';
import { pushUser } from './recipients';
import { periodReport } from './report-content';

/** The alarms of the period as a workbook: one row each, times in the site's zone. */
async function alarmWorkbook(
  deps: ChannelDeps,
  scope: NonNullable<DeliveryToSend['message']['report']>,
  lang: LanguageCode,
): Promise<Buffer> {
  const res = await deps.db.query<{
    started: string;
    cleared: string | null;
    site: string;
    device: string | null;
    code: string;
    level: number;
    descr: string;
  }>(
    `SELECT to_char(a.started_at AT TIME ZONE s.time_zone, 'YYYY-MM-DD HH24:MI:SS') AS started,
            to_char(a.cleared_at AT TIME ZONE s.time_zone, 'YYYY-MM-DD HH24:MI:SS') AS cleared,
            s.name AS site, d.name AS device, a.alarm_code AS code, a.alarm_level AS level, a.alarm_desc AS descr
     FROM alarms a JOIN stations s ON s.id = a.station_id LEFT JOIN devices d ON d.id = a.device_id
     WHERE a.station_id = ANY($1::int[])
       AND (a.started_at AT TIME ZONE s.time_zone)::date BETWEEN $2::date AND $3::date
     ORDER BY a.started_at LIMIT 10000`,
    [scope.stationIds, scope.from, scope.to],
  );
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(translate('push.kind.alarmReport', lang));
  const t = (k: Parameters<typeof translate>[0]) => translate(k, lang);
  sheet.addRow([
    t('push.msg.started'),
    t('push.msg.cleared'),
    t('push.msg.site'),
    t('push.msg.device'),
    t('push.msg.code'),
    t('push.msg.level'),
    t('push.msg.description'),
  ]).font = { bold: true };
  for (const r of res.rows)
    sheet.addRow([r.started, r.cleared ?? '', r.site, r.device ?? '', r.code, r.level, r.descr]);
  sheet.columns.forEach((c) => {
    c.width = 20;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The period's workbook for `delivery`'s report, or null when it has none (or its user is gone). */
export async function reportAttachment(
  deps: ChannelDeps,
  delivery: DeliveryToSend,
): Promise<{ name: string; data: Buffer } | null> {
  const scope = delivery.message.report;
  if (!scope || scope.stationIds.length === 0) return null;
  const user = await pushUser(deps, delivery.userId);
  if (!user) return null;
  const lang = delivery.message.language;
  const name = `${scope.kind}-${scope.from}_${scope.to}.xlsx`;
  if (scope.kind === 'alarmReport') return { name, data: await alarmWorkbook(deps, scope, lang) };
  const report = await periodReport(deps.db, user, scope.stationIds, {
    key: '',
    from: scope.from,
    to: scope.to,
  });
  // Access was re-checked when the delivery was settled; the sheet names the sites it covers.
  const query = { stationIds: scope.stationIds, statisticsType: 1, searchDate: scope.from, languageId: 1 };
  const stations = await reportStations(deps.db, user, query);
  const sites = stations.map((s) => ({ name: s.name, timeZone: s.timeZone }));
  const timeZone = await userTimeZone(deps.db, delivery.userId);
  return { name, data: await reportWorkbook(report, sites, lang, timeZone) };
}
