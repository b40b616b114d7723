/** CSV of device events (charger sessions, UPS events): translated headers with units, UTF-8 BOM. */
import { type MessageKey, translate } from '@ems/contract/messages';

const field = (v: string | number | null) => {
  const text = v === null ? '' : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Builds the file: `columns` as [message key, unit] ("" = none), then the rows as given. */
export function eventsCsv(
  language: string,
  columns: readonly (readonly [MessageKey, string])[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const header = columns.map(([key, unit]) =>
    unit ? `${translate(key, language)} (${unit})` : translate(key, language),
  );
  return `\uFEFF${[header, ...rows].map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}
