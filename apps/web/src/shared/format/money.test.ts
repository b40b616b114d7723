import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes whole yuan with the locale separators', () => {
    expect(formatMoney(1200, 'CNY', 'zh-CN')).toBe('¥1,200');
    expect(formatMoney(3600, 'CNY', 'en-US')).toBe('CN¥3,600');
    expect(formatMoney(3600, 'CNY', 'pt-BR').replace(/\s/g, ' ')).toBe('CN¥ 3.600');
  });
});
