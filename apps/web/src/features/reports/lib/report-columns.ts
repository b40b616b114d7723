/**
 * Columns of the report table (UX.md "Reports": units in headers, not cells): which figure, its
 * unit and its decimals. Shared by the page's table and totals block.
 */
import type { Report, ReportFigures } from '@ems/contract/api/report';
import { formatNumber } from '../../../shared/format/quantity';

/** One figure column; unit null = the report's currency. */
export interface ReportColumn {
  key: keyof ReportFigures;
  unit: string | null;
  decimals: number;
}

/** Columns in display order. */
export const REPORT_COLUMNS: readonly ReportColumn[] = [
  { key: 'productionKwh', unit: 'kWh', decimals: 1 },
  { key: 'consumptionKwh', unit: 'kWh', decimals: 1 },
  { key: 'gridBuyKwh', unit: 'kWh', decimals: 1 },
  { key: 'gridSellKwh', unit: 'kWh', decimals: 1 },
  { key: 'chargeKwh', unit: 'kWh', decimals: 1 },
  { key: 'dischargeKwh', unit: 'kWh', decimals: 1 },
  { key: 'specificYield', unit: 'kWh/kWp', decimals: 2 },
  { key: 'selfConsumption', unit: '%', decimals: 0 },
  { key: 'selfSufficiency', unit: '%', decimals: 0 },
  { key: 'co2Kg', unit: 'kg', decimals: 1 },
  { key: 'revenue', unit: null, decimals: 2 },
  { key: 'savings', unit: null, decimals: 2 },
];

/**
 * Header text "Production (kWh)"; money columns carry the currency, or without one `noCurrency` (issue 34
 * item 10: "Revenue (mixed currencies)", not "Revenue (–)"); with neither, the name alone.
 */
export function columnTitle(
  name: string,
  c: ReportColumn,
  currency: string | null,
  noCurrency: string | null = null,
): string {
  const unit = c.unit ?? currency ?? noCurrency;
  return unit ? `${name} (${unit})` : name;
}

/** A cell: the number in the column's decimals, "–" when missing (never 0). */
export function cellText(v: number | null, c: ReportColumn, locale: string): string {
  return formatNumber(v, locale, c.decimals);
}

/**
 * A figure cell of `report`: the number, or for an empty revenue or savings cell why it is empty when
 * the whole report has no money (`noteText` of Report.moneyNote: "no tariff set", "mixed currencies").
 */
export function figureText(
  report: Pick<Report, 'moneyNote'>,
  v: number | null,
  c: ReportColumn,
  locale: string,
  noteText: (note: NonNullable<Report['moneyNote']>) => string,
): string {
  if (v === null && c.unit === null && report.moneyNote) return noteText(report.moneyNote);
  return cellText(v, c, locale);
}
