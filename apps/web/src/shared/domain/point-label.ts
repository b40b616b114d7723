/**
 * How a device's SunSpec point is named to a person (issue 24 item 9): its label in the viewer's
 * language from `fleet.point.<name>` (docs/device-protocol.md §5 lists the points), with its unit, e.g.
 * "DC current (A)" for DCA. A point the locales do not name keeps its code, so nothing a device sends
 * is hidden.
 */
import type { TFunction } from 'i18next';

/** `name`'s label in the language of `t`, followed by ` (unit)` when `unit` is not empty. */
export function pointLabel(name: string, t: TFunction, unit = ''): string {
  const label = t(`fleet.point.${name}`, { defaultValue: name });
  return unit ? `${label} (${unit})` : label;
}

/**
 * Unit of a SunSpec-named point, from its name: W, VA, var, Wh, V, A, Hz, %, °C; "" when unknown.
 * Order matters: "PhVphA" is a voltage, "AphA" a current, "WH" / "TotWhImp" energy; a name ending in V
 * ("BusV") is a voltage and in A ("BatA") a current (issue 34 item 6).
 */
export function unitOfPoint(name: string): string {
  if (/^Tmp|Temp/i.test(name)) return '°C';
  if (/^(SoC|SoH|PF)$/i.test(name) || /Pct$/.test(name)) return '%';
  if (/Wh|WH$/.test(name)) return 'Wh';
  if (/^VAr|^var/i.test(name)) return 'var';
  if (/^VA$/.test(name)) return 'VA';
  if (/^Hz$/.test(name)) return 'Hz';
  if (/^PhV|^V|V$/.test(name)) return 'V';
  if (/^A|A$/.test(name)) return 'A';
  if (/^W|DCW$/.test(name)) return 'W';
  return '';
}
