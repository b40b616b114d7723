/**
 * Report files (issue 8 §4): the same table as the report page, as .xlsx (exceljs) or CSV, in the
 * caller's language, with "created on", "period" (with the sites' time zone) and "sites" rows on top and
 * units in the headers. In the workbook numbers are numbers and periods and the creation time are dates
 * (wall time of the site or user: spreadsheets have no time zones), shown with their UTC offset.
 */
import type { Report, ReportFigures } from '@ems/contract/api/report';
import { type MessageKey, translate } from '@ems/contract/messages';
import { localParts, offsetText, parseLocalDate } from '../../shared/zoned-time';
import { dayBuckets } from '../telemetry/bucket-edges';

/** A column: its figure, header message and unit (null: the currency). */
const COLUMNS: { key: keyof ReportFigures; msg: MessageKey; unit: string | null; decimals: number }[] = [
  { key: 'productionKwh', msg: 'report.col.production', unit: 'kWh', decimals: 3 },
  { key: 'consumptionKwh', msg: 'report.col.consumption', unit: 'kWh', decimals: 3 },
  { key: 'gridBuyKwh', msg: 'report.col.gridBuy', unit: 'kWh', decimals: 3 },
  { key: 'gridSellKwh', msg: 'report.col.gridSell', unit: 'kWh', decimals: 3 },
  { key: 'chargeKwh', msg: 'report.col.charge', unit: 'kWh', decimals: 3 },
  { key: 'dischargeKwh', msg: 'report.col.discharge', unit: 'kWh', decimals: 3 },
  { key: 'specificYield', msg: 'report.col.specificYield', unit: 'kWh/kWp', decimals: 3 },
  { key: 'selfConsumption', msg: 'report.col.selfConsumption', unit: '%', decimals: 1 },
  { key: 'selfSufficiency', msg: 'report.col.selfSufficiency', unit: '%', decimals: 1 },
  { key: 'co2Kg', msg: 'report.col.co2', unit: 'kg', decimals: 2 },
  { key: 'revenue', msg: 'report.col.revenue', unit: null, decimals: 2 },
  { key: 'savings', msg: 'report.col.savings', unit: null, decimals: 2 },
];

/**
 * Header texts with units, e.g. "Production (kWh)"; money columns carry the currency, or "mixed
 * currencies" when the sites' tariffs differ (issue 34 item 10: not "(–)"), or nothing without a tariff.
 */
export function reportHeaders(report: Pick<Report, 'currency' | 'moneyNote'>, language: string): string[] {
  const noCurrency =
    report.moneyNote === 'mixedCurrencies' ? translate('report.mixedCurrencies', language) : null;
  return [
    translate('report.col.period', language),
    ...COLUMNS.map((c) => {
      const unit = c.unit ?? report.currency ?? noCurrency;
      return unit ? `${translate(c.msg, language)} (${unit})` : translate(c.msg, language);
    }),
  ];
}

/** A report's sites as its file names them. */
export interface ExportSite {
  name: string;
  timeZone: string;
}

/** Wall-clock time of `instant` in `timeZone` as a Date whose UTC fields carry it. */
function wallDate(instant: number, timeZone: string): Date {
  const p = localParts(instant, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

/** The one time zone of all `sites`, null when they differ (each row is then its site's local time). */
function commonZone(sites: readonly ExportSite[]): string | null {
  const zones = new Set(sites.map((s) => s.timeZone));
  return zones.size === 1 ? [...zones][0]! : null;
}

/**
 * UTC offsets ("+02:00") of a day report's hour rows, in row order, when every site shares `zone`;
 * empty otherwise. The day's hours are the rows one to one (two "02:00" rows on the day clocks go
 * back: the first +02:00, the second +01:00 in Berlin).
 */
function hourOffsets(report: Report, zone: string | null): string[] {
  const date = parseLocalDate(report.searchDate);
  if (report.statisticsType !== 1 || zone === null || !date) return [];
  const hours = dayBuckets(date, zone, 60);
  if (hours.length !== report.rows.length || hours.some((h, i) => h.label !== report.rows[i]!.label))
    return [];
  return hours.map((h) => offsetText(h.start, zone));
}

/** A row's period as a Date (UTC fields = local wall time) and its display format (offset as text). */
function periodCell(
  report: Report,
  label: string,
  offset: string | undefined,
): { value: Date; numFmt: string } {
  if (report.statisticsType === 2) return { value: new Date(`${label}T00:00:00Z`), numFmt: 'yyyy-mm-dd' };
  if (report.statisticsType === 3) return { value: new Date(`${label}-01T00:00:00Z`), numFmt: 'yyyy-mm' };
  return {
    value: new Date(`${report.searchDate}T${label}:00Z`),
    numFmt: withOffset('yyyy-mm-dd hh:mm', offset),
  };
}

/** A date format that shows `offset` after the time (a literal: spreadsheet dates have no zone). */
const withOffset = (numFmt: string, offset: string | undefined) =>
  offset ? `${numFmt} "${offset}"` : numFmt;

const fmt2 = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm` of a wall-time Date, with ` +02:00` when an offset is given. */
const wallText = (d: Date, offset?: string) =>
  `${d.getUTCFullYear()}-${fmt2(d.getUTCMonth() + 1)}-${fmt2(d.getUTCDate())} ${fmt2(d.getUTCHours())}:${fmt2(d.getUTCMinutes())}${offset ? ` ${offset}` : ''}`;

/**
 * The file's head, shared by both formats: created on (user's zone), period with the sites' zone (or
 * "each site's local time"), and the sites by name (issue 24: a file says what it is about).
 */
function headRows(
  report: Report,
  sites: readonly ExportSite[],
  language: string,
  userTimeZone: string,
  now: number,
) {
  const zone = commonZone(sites);
  return {
    created: {
      label: translate('report.createdOn', language),
      at: wallDate(now, userTimeZone),
      offset: offsetText(now, userTimeZone),
    },
    period: [
      translate('report.col.period', language),
      report.from,
      report.to,
      zone ?? translate('report.siteLocalTime', language),
    ],
    sites: [translate('report.sites', language), ...sites.map((s) => s.name)],
    offsets: hourOffsets(report, zone),
  };
}

/** Builds the .xlsx file of a report about `sites`. */
export async function reportWorkbook(
  report: Report,
  sites: readonly ExportSite[],
  language: string,
  userTimeZone: string,
  now: number = Date.now(),
): Promise<Buffer> {
  // exceljs is the largest library the server uses (≈ 30 MB resident once loaded): loaded on the first
  // export, not at start-up (issue 12 §4).
  const { default: ExcelJS } = await import('exceljs');
  const head = headRows(report, sites, language, userTimeZone, now);
  const book = new ExcelJS.Workbook();
  book.created = new Date(now);
  book.title = sites.map((s) => s.name).join('; ');
  const sheet = book.addWorksheet(translate('report.sheet', language));
  const created = sheet.addRow([head.created.label, head.created.at]);
  created.getCell(2).numFmt = withOffset('yyyy-mm-dd hh:mm', head.created.offset);
  const [periodLabel, from, to, zone] = head.period;
  const period = sheet.addRow([
    periodLabel,
    new Date(`${from}T00:00:00Z`),
    new Date(`${to}T00:00:00Z`),
    zone,
  ]);
  period.getCell(2).numFmt = 'yyyy-mm-dd';
  period.getCell(3).numFmt = 'yyyy-mm-dd';
  sheet.addRow(head.sites);
  const header = sheet.addRow(reportHeaders(report, language));
  header.font = { bold: true };
  const numberFormat = (d: number) => (d === 1 ? '0.0' : d === 2 ? '0.00' : '0.000');
  const addFigures = (first: Date | string, figures: ReportFigures, firstFmt?: string) => {
    const row = sheet.addRow([first, ...COLUMNS.map((c) => figures[c.key])]);
    if (firstFmt) row.getCell(1).numFmt = firstFmt;
    COLUMNS.forEach((c, i) => {
      row.getCell(i + 2).numFmt = numberFormat(c.decimals);
    });
    return row;
  };
  addFigures(translate('report.total', language), report.totals).font = { bold: true };
  report.rows.forEach((r, i) => {
    const cell = periodCell(report, r.label, head.offsets[i]);
    addFigures(cell.value, r, cell.numFmt);
  });
  sheet.columns.forEach((col, i) => {
    col.width = i === 0 ? 24 : 16;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** CSV quoting: fields with commas, quotes or line breaks are quoted. */
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Builds the CSV file of a report about `sites` (UTF-8 with BOM so spreadsheets read CJK headers; "." decimals). */
export function reportCsv(
  report: Report,
  sites: readonly ExportSite[],
  language: string,
  userTimeZone: string,
  now: number = Date.now(),
): string {
  const head = headRows(report, sites, language, userTimeZone, now);
  const lines: string[][] = [
    [head.created.label, wallText(head.created.at, head.created.offset)],
    head.period,
    head.sites,
    reportHeaders(report, language),
    [translate('report.total', language), ...COLUMNS.map((c) => String(report.totals[c.key] ?? ''))],
    ...report.rows.map((r, i) => [
      report.statisticsType === 1
        ? `${report.searchDate} ${r.label}${head.offsets[i] ? ` ${head.offsets[i]}` : ''}`
        : r.label,
      ...COLUMNS.map((c) => String(r[c.key] ?? '')),
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}
