import { describe, expect, it } from 'vitest';
import { formatOffset } from '../../shared/zoned-time';
import { currencyRows, currencySymbol, timeZoneRows, utcOffsetMinutes } from './dictionaries';

describe('dictionary rows', () => {
  it('labels every IANA zone with its standard UTC offset, ordered by offset', () => {
    const rows = timeZoneRows(2026);
    const byZone = new Map(rows.map((r) => [r.dictValue, r.dictLabel]));
    expect(byZone.get('Europe/Berlin')).toBe('(UTC+01:00) Europe/Berlin');
    expect(byZone.get('America/Sao_Paulo')).toBe('(UTC-03:00) America/Sao_Paulo');
    // ICU (hence Intl) names some zones by their older IANA link names.
    expect(byZone.get('Asia/Calcutta')).toBe('(UTC+05:30) Asia/Calcutta');
    expect(byZone.get('Australia/Sydney')).toBe('(UTC+10:00) Australia/Sydney'); // southern summer in January
    expect(byZone.get('UTC')).toBe('(UTC+00:00) UTC');
    expect(rows.length).toBe(new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']).size);
    expect(rows.map((r) => r.sort)).toEqual(rows.map((_, i) => i));
    expect(rows[0]!.dictLabel.startsWith('(UTC-1')).toBe(true);
  });

  it('reads offsets and formats them', () => {
    expect(utcOffsetMinutes('Asia/Kathmandu', new Date(Date.UTC(2026, 0, 1)))).toBe(345);
    expect(utcOffsetMinutes('Europe/London', new Date(Date.UTC(2026, 0, 1)))).toBe(0);
    expect(formatOffset(-570)).toBe('-09:30');
    expect(formatOffset(0)).toBe('+00:00');
  });

  it('gives each ISO currency its symbol', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('BRL')).toBe('R$');
    expect(currencySymbol('CZK')).toBe('Kč');
    const rows = currencyRows();
    expect(rows.find((r) => r.dictValue === 'CNY')?.dictLabel).toMatch(/¥/);
    expect(rows.every((r) => /^[A-Z]{3}$/.test(r.dictValue) && r.dictLabel.length > 0)).toBe(true);
  });
});
