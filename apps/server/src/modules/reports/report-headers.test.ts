/** Issue 34 item 10: the report file's money headers name the currency, or say the sites mix them. */
import { describe, expect, it } from 'vitest';
import { reportHeaders } from './export-file';

describe('reportHeaders', () => {
  it('names the currency, "mixed currencies", or nothing without a tariff; never "(–)"', () => {
    const revenue = (h: string[]) => h.find((x) => x.startsWith('Revenue'));
    expect(revenue(reportHeaders({ currency: 'EUR', moneyNote: null }, 'en-US'))).toBe('Revenue (EUR)');
    expect(revenue(reportHeaders({ currency: null, moneyNote: 'mixedCurrencies' }, 'en-US'))).toBe(
      'Revenue (mixed currencies)',
    );
    expect(revenue(reportHeaders({ currency: null, moneyNote: 'noTariff' }, 'en-US'))).toBe('Revenue');
    expect(reportHeaders({ currency: null, moneyNote: 'mixedCurrencies' }, 'zh-CN').join()).toContain(
      '多种货币',
    );
    expect(reportHeaders({ currency: null, moneyNote: 'noTariff' }, 'en-US').join()).not.toContain('–');
  });
});
