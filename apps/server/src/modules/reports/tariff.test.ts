import { describe, expect, it } from 'vitest';
import { buyPriceAt, inPeriod } from './tariff';

describe('tariff periods', () => {
  const valley = { from: '22:00', to: '06:00' };
  it('crosses midnight when from is after to', () => {
    expect(inPeriod(valley, 23 * 60)).toBe(true);
    expect(inPeriod(valley, 0)).toBe(true);
    expect(inPeriod(valley, 5 * 60 + 59)).toBe(true);
    expect(inPeriod(valley, 6 * 60)).toBe(false);
    expect(inPeriod(valley, 21 * 60 + 59)).toBe(false);
  });
  it('takes the first matching period, else the flat price', () => {
    const t = {
      buyPrice: 0.2,
      feedInPrice: 0.05,
      periods: [
        { ...valley, price: 0.1 },
        { from: '10:00', to: '14:00', price: 0.3 },
      ],
    };
    expect(buyPriceAt(t, 1 * 60)).toBe(0.1);
    expect(buyPriceAt(t, 12 * 60)).toBe(0.3);
    expect(buyPriceAt(t, 16 * 60)).toBe(0.2);
  });
});
