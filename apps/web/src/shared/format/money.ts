/** Money as the plans show it, in whole units with the locale separators, e.g. "¥1,200" (zh-CN). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
    amount,
  );
}
