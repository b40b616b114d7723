/**
 * What a periodic report push says (issue 20 §5): the report page's figures of the period for the rule's
 * sites (generation), each site's figures (data), or the period's alarms (alarm report). The e-mail's
 * attachment is built from the same description at delivery time (report-attachment.ts).
 */

import type { PushKind } from '@ems/contract/api/push';
import type { Report } from '@ems/contract/api/report';
import type { LanguageCode } from '@ems/contract/constants';
import { type MessageKey, translate } from '@ems/contract/messages';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { accessibleStationIds } from '../access/station-access';
import { buildReport } from '../reports/report-service';
import type { PushMessage } from './channel';
import type { ReportPeriod } from './report-period';

/** What a report message describes, kept on it so the attachment can be rebuilt. */
export type ReportScope = NonNullable<PushMessage['report']>;

/** The sites a report rule covers now: the named ones the user still sees, else all they see. */
export async function reportSites(
  db: DbHandle,
  user: SessionUser,
  named: readonly number[],
): Promise<number[]> {
  const visible = await accessibleStationIds(db, user);
  return named.length > 0 ? named.filter((id) => visible.includes(id)) : visible;
}

/** The report of `stationIds` over the period: a day, a whole month, or the days of a week. */
export async function periodReport(
  db: DbHandle,
  user: SessionUser,
  stationIds: number[],
  period: ReportPeriod,
): Promise<Report> {
  if (period.from === period.to) {
    return buildReport(db, user, { stationIds, statisticsType: 1, searchDate: period.from });
  }
  const months = [...new Set([period.from.slice(0, 7), period.to.slice(0, 7)])];
  const parts = await Promise.all(
    months.map((m) => buildReport(db, user, { stationIds, statisticsType: 2, searchDate: `${m}-01` })),
  );
  if (parts.length === 1 && period.from.endsWith('-01') && period.key.length === 7) return parts[0]!;
  const rows = parts.flatMap((r) => r.rows).filter((r) => r.label >= period.from && r.label <= period.to);
  const sum = (key: keyof Report['totals']) => {
    const values = rows.map((r) => r[key]).filter((v): v is number => v !== null);
    return values.length > 0 ? Number(values.reduce((a, b) => a + b, 0).toFixed(3)) : null;
  };
  const base = parts[0]!;
  return {
    ...base,
    searchDate: period.from,
    from: period.from,
    to: period.to,
    rows,
    totals: {
      ...base.totals,
      productionKwh: sum('productionKwh'),
      consumptionKwh: sum('consumptionKwh'),
      gridBuyKwh: sum('gridBuyKwh'),
      gridSellKwh: sum('gridSellKwh'),
      chargeKwh: sum('chargeKwh'),
      dischargeKwh: sum('dischargeKwh'),
      co2Kg: sum('co2Kg'),
      revenue: sum('revenue'),
      savings: sum('savings'),
      // Ratios of a week are not the months' ratios: left out rather than wrong.
      specificYield: null,
      selfConsumption: null,
      selfSufficiency: null,
    },
  };
}

const kwh = (v: number | null, lang: LanguageCode) =>
  v === null ? '–' : `${v.toLocaleString(lang, { maximumFractionDigits: 1 })} kWh`;

/** Counts of the period's alarms of `stationIds`: raised in it, and still open. */
async function alarmCounts(db: DbHandle, stationIds: number[], period: ReportPeriod) {
  const res = await db.query<{ raised: number; open: number; top: string | null }>(
    `WITH p AS (
       SELECT a.* FROM alarms a JOIN stations s ON s.id = a.station_id
       WHERE a.station_id = ANY($1::int[])
         AND (a.started_at AT TIME ZONE s.time_zone)::date BETWEEN $2::date AND $3::date)
     SELECT (SELECT count(*)::int FROM p) AS raised,
            (SELECT count(*)::int FROM p WHERE cleared_at IS NULL) AS open,
            (SELECT string_agg(alarm_code || ' ×' || n, ', ') FROM (
               SELECT alarm_code, count(*) AS n FROM p GROUP BY alarm_code ORDER BY n DESC, alarm_code LIMIT 5) t) AS top`,
    [stationIds, period.from, period.to],
  );
  return res.rows[0] ?? { raised: 0, open: 0, top: null };
}

/** The summary lines of a report push of `kind`. */
export async function reportLines(
  db: DbHandle,
  user: SessionUser,
  kind: Exclude<PushKind, 'alarm'>,
  stationIds: number[],
  period: ReportPeriod,
  lang: LanguageCode,
): Promise<[string, string][]> {
  const t = (key: MessageKey) => translate(key, lang);
  if (kind === 'alarmReport') {
    const c = await alarmCounts(db, stationIds, period);
    return [
      [t('push.msg.sites'), String(stationIds.length)],
      [t('push.msg.alarmsRaised'), String(c.raised)],
      [t('push.msg.alarmsOpen'), String(c.open)],
      ...(c.top ? ([[t('push.msg.code'), c.top]] as [string, string][]) : []),
    ];
  }
  if (kind === 'generation') {
    const r = await periodReport(db, user, stationIds, period);
    return [
      [t('push.msg.sites'), String(stationIds.length)],
      [t('push.msg.production'), kwh(r.totals.productionKwh, lang)],
      [t('push.msg.consumption'), kwh(r.totals.consumptionKwh, lang)],
      [t('push.msg.gridSell'), kwh(r.totals.gridSellKwh, lang)],
      [t('push.msg.gridBuy'), kwh(r.totals.gridBuyKwh, lang)],
    ];
  }
  // data: each site's production and consumption (the first 20 sites; the attachment has the sums).
  const names = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM stations WHERE id = ANY($1::int[]) ORDER BY name, id LIMIT 20',
    [stationIds],
  );
  const lines: [string, string][] = [];
  for (const s of names.rows) {
    const r = await periodReport(db, user, [s.id], period);
    lines.push([s.name, `${kwh(r.totals.productionKwh, lang)} / ${kwh(r.totals.consumptionKwh, lang)}`]);
  }
  return lines;
}
