/**
 * Dictionary rows of spec §3 built from the runtime's ICU data: sys_timezone (every IANA zone) and
 * sys_currencysymbol (ISO 4217 codes with their symbols). Upserted, so an ICU update refreshes labels.
 */
import { sql } from 'drizzle-orm';
import { formatOffset } from '../../shared/zoned-time';
import type { Db } from '../client';
import { dictionaries } from '../schema';

/** One dictionary row to store. */
export interface DictionaryRow {
  dictType: string;
  dictLabel: string;
  dictValue: string;
  sort: number;
}

/** UTC offset of `timeZone` at `at`, in minutes east of Greenwich. */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
  if (!m) return 0; // "GMT" alone: zero offset
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * sys_timezone rows: label "(UTC+01:00) Europe/Berlin", value the zone id, ordered by offset then
 * name. The offset shown is the zone's standard (non-summer) one: the smaller of January's and July's
 * in `year`, so the label does not change twice a year.
 */
export function timeZoneRows(year = new Date().getUTCFullYear()): DictionaryRow[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC'); // ICU lists only canonical geographic zones; users.time_zone defaults to UTC
  const jan = new Date(Date.UTC(year, 0, 1));
  const jul = new Date(Date.UTC(year, 6, 1));
  return [...zones]
    .map((zone) => ({ zone, offset: Math.min(utcOffsetMinutes(zone, jan), utcOffsetMinutes(zone, jul)) }))
    .sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone))
    .map(({ zone, offset }, i) => ({
      dictType: 'sys_timezone',
      dictLabel: `(UTC${formatOffset(offset)}) ${zone}`,
      dictValue: zone,
      sort: i,
    }));
}

/** Symbol of an ISO 4217 code as English formatting shows it ("€", "$", "R$"); the local narrow one ("Kč") when that is just the code. */
export function currencySymbol(code: string): string {
  const symbolOf = (currencyDisplay: 'symbol' | 'narrowSymbol') =>
    new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay })
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? code;
  const symbol = symbolOf('symbol');
  return symbol === code ? symbolOf('narrowSymbol') : symbol;
}

/** sys_currencysymbol rows: label the symbol, value the ISO code, ordered by code. */
export function currencyRows(): DictionaryRow[] {
  return Intl.supportedValuesOf('currency')
    .toSorted()
    .map((code, i) => ({
      dictType: 'sys_currencysymbol',
      dictLabel: currencySymbol(code),
      dictValue: code,
      sort: i,
    }));
}

const CHUNK = 500;

/** Inserts or refreshes `rows` in batches; rows already equal are left untouched (no dead tuples). */
export async function upsertDictionaries(db: Db, rows: DictionaryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(dictionaries)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [dictionaries.dictType, dictionaries.dictValue],
        set: { dictLabel: sql`excluded.dict_label`, sort: sql`excluded.sort` },
        setWhere: sql`(${dictionaries.dictLabel}, ${dictionaries.sort}) IS DISTINCT FROM (excluded.dict_label, excluded.sort)`,
      });
  }
}
