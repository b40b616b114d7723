import { describe, expect, it } from 'vitest';
import { cellText, columnTitle, figureText, REPORT_COLUMNS } from './report-columns';

describe('report columns', () => {
  const production = REPORT_COLUMNS[0]!;
  const revenue = REPORT_COLUMNS.find((c) => c.key === 'revenue')!;
  it('puts units and the currency in the headers', () => {
    expect(columnTitle('Production', production, 'EUR')).toBe('Production (kWh)');
    expect(columnTitle('Revenue', revenue, 'CZK')).toBe('Revenue (CZK)');
    // Issue 34 item 10: no "(–)": the sites' mixed currencies are named, else the name stands alone.
    expect(columnTitle('Revenue', revenue, null, 'mixed currencies')).toBe('Revenue (mixed currencies)');
    expect(columnTitle('Revenue', revenue, null)).toBe('Revenue');
    expect(columnTitle('Production', production, null, 'mixed currencies')).toBe('Production (kWh)');
  });
  it('shows missing figures as a dash, numbers in the locale', () => {
    expect(cellText(null, production, 'en-US')).toBe('–');
    expect(cellText(1234.56, production, 'en-US')).toBe('1,234.6');
    expect(cellText(1234.56, production, 'pt-BR')).toBe('1.234,6');
  });
  it('says in an empty money cell why the report has no money, and nowhere else', () => {
    const note = (n: string) => `note:${n}`;
    const none = { moneyNote: 'noTariff' as const };
    expect(figureText(none, null, revenue, 'en-US', note)).toBe('note:noTariff');
    expect(figureText({ moneyNote: 'mixedCurrencies' }, null, revenue, 'en-US', note)).toBe(
      'note:mixedCurrencies',
    );
    expect(figureText(none, null, production, 'en-US', note)).toBe('–');
    expect(figureText({ moneyNote: null }, null, revenue, 'en-US', note)).toBe('–');
    expect(figureText({ moneyNote: null }, 1.5, revenue, 'en-US', note)).toBe('1.50');
  });
});
