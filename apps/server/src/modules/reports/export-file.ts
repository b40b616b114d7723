/**
 * Report files (issue 8 §4): the same table as the report page, as .xlsx (exceljs) or CSV, in the
 * caller's language, with "created on" and "period" rows on top and units in the headers. In the
 * workbook numbers are numbers and periods and the creation time are dates (wall time of the site
 * or user; spreadsheets have no time zones).
 */
import type { Report, ReportFigures } from '@ems/contract/api/report';
import { type MessageKey, translate } from '@ems/contract/messages';
import { localParts } from '../../shared/zoned-time';

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

/** Header texts with units, e.g. "Production (kWh)"; money columns carry the currency. */
export function reportHeaders(report: Report, language: string): string[] {
  return [
    translate('report.col.period', language),
    ...COLUMNS.map((c) => `${translate(c.msg, language)} (${c.unit ?? report.currency ?? '–'})`),
  ];
}

/** Wall-clock time of `instant` in `timeZone` as a Date whose UTC fields carry it. */
function wallDate(instant: number, timeZone: string): Date {
  const p = localParts(instant, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

/** A row's period as a Date (UTC fields = local wall time) and its display format. */
function periodCell(report: Report, label: string): { value: Date | string; numFmt: string } {
  if (report.statisticsType === 2) return { value: new Date(`${label}T00:00:00Z`), numFmt: 'yyyy-mm-dd' };
  if (report.statisticsType === 3) return { value: new Date(`${label}-01T00:00:00Z`), numFmt: 'yyyy-mm' };
  return { value: new Date(`${report.searchDate}T${label}:00Z`), numFmt: 'yyyy-mm-dd hh:mm' };
}

const fmt2 = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm` of a wall-time Date. */
const wallText = (d: Date) =>
  `${d.getUTCFullYear()}-${fmt2(d.getUTCMonth() + 1)}-${fmt2(d.getUTCDate())} ${fmt2(d.getUTCHours())}:${fmt2(d.getUTCMinutes())}`;

/** Builds the .xlsx file of a report. */
export async function reportWorkbook(
  report: Report,
  language: string,
  userTimeZone: string,
  now: number = Date.now(),
): Promise<Buffer> {
  // exceljs is the largest library the server uses (≈ 30 MB resident once loaded): loaded on the first
  // export, not at start-up (issue 12 §4).
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.created = new Date(now);
  const sheet = book.addWorksheet(translate('report.sheet', language));
  const created = sheet.addRow([translate('report.createdOn', language), wallDate(now, userTimeZone)]);
  created.getCell(2).numFmt = 'yyyy-mm-dd hh:mm';
  const period = sheet.addRow([
    translate('report.col.period', language),
    new Date(`${report.from}T00:00:00Z`),
    new Date(`${report.to}T00:00:00Z`),
  ]);
  period.getCell(2).numFmt = 'yyyy-mm-dd';
  period.getCell(3).numFmt = 'yyyy-mm-dd';
  sheet.addRow([]);
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
  for (const r of report.rows) {
    const cell = periodCell(report, r.label);
    addFigures(cell.value, r, cell.numFmt);
  }
  sheet.columns.forEach((col, i) => {
    col.width = i === 0 ? 18 : 16;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** CSV quoting: fields with commas, quotes or line breaks are quoted. */
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Builds the CSV file of a report (UTF-8 with BOM so spreadsheets read CJK headers; "." decimals). */
export function reportCsv(
  report: Report,
  language: string,
  userTimeZone: string,
  now: number = Date.now(),
): string {
  const lines: string[][] = [
    [translate('report.createdOn', language), wallText(wallDate(now, userTimeZone))],
    [translate('report.col.period', language), report.from, report.to],
    [],
    reportHeaders(report, language),
    [translate('report.total', language), ...COLUMNS.map((c) => String(report.totals[c.key] ?? ''))],
    ...report.rows.map((r) => [
      report.statisticsType === 1 ? `${report.searchDate} ${r.label}` : r.label,
      ...COLUMNS.map((c) => String(r[c.key] ?? '')),
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}
