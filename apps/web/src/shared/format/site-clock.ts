/**
 * One clock per page (issue 34 item 1): every time on a site's pages is read on the site's clock, and the
 * zone is named (its offset, e.g. "GMT+1", as the alarm history names it) whenever the viewer's browser
 * would read a different clock at that instant. Pages outside a site read the browser's clock unnamed.
 */
import { MISSING } from './quantity';
import {
  formatClock,
  formatDate,
  formatDateTime,
  localDate,
  type Timestamp,
  toMillis,
  zoneOffsetName,
} from './time';

/** The IANA zone of the browser, e.g. "Europe/Lisbon". */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Whether a clock in `zone` reads differently from one in `viewerZone` at `ms` (their UTC offsets differ
 * then); false without a zone or for a zone the browser does not know.
 */
export function zoneDiffers(
  ms: number,
  zone: string | undefined,
  viewerZone: string = browserZone(),
): boolean {
  if (!zone || zone === viewerZone) return false;
  try {
    return zoneOffsetName(ms, 'en-US', zone) !== zoneOffsetName(ms, 'en-US', viewerZone);
  } catch {
    return false;
  }
}

/** How a time reads: date and clock (default), clock only, or date only; `seconds` adds them to the clock. */
export interface SiteTimeOptions {
  style?: 'dateTime' | 'clock' | 'date';
  seconds?: boolean;
  /** The viewer's zone; the browser's when omitted (tests pass it). */
  viewerZone?: string;
}

/**
 * `ts` on the clock of `zone` (the browser's when undefined) in `locale`'s format, followed by the zone's
 * offset when the viewer's clock reads differently (not after a date alone): "11/21/2026, 14:05 GMT+1". A dash when missing.
 * A zone the browser does not know falls back to the browser's clock, unnamed.
 */
export function formatSiteTime(
  ts: Timestamp,
  locale: string,
  zone: string | undefined,
  options: SiteTimeOptions = {},
): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  const style = options.style ?? 'dateTime';
  try {
    const text =
      style === 'clock'
        ? formatClock(ms, locale, zone, options.seconds)
        : style === 'date'
          ? formatDate(ms, locale, zone)
          : formatDateTime(ms, locale, zone, options.seconds ?? false);
    return style !== 'date' && zoneDiffers(ms, zone, options.viewerZone)
      ? `${text} ${zoneOffsetName(ms, locale, zone)}`
      : text;
  } catch {
    return style === 'date' ? formatDate(ms, locale) : formatDateTime(ms, locale, undefined, options.seconds);
  }
}

/**
 * A point in time as "since …" reads it on the site's clock: the clock alone on the same site-local day
 * as `nowMs`, else date and clock; named as formatSiteTime names it.
 */
export function formatSiteSince(
  ts: Timestamp,
  nowMs: number,
  locale: string,
  zone: string | undefined,
  viewerZone?: string,
): string {
  const ms = toMillis(ts);
  if (ms === null) return MISSING;
  const z = zone ?? browserZone();
  let sameDay: boolean;
  try {
    sameDay = localDate(ms, z) === localDate(nowMs, z);
  } catch {
    sameDay = false;
  }
  return formatSiteTime(ms, locale, zone, { style: sameDay ? 'clock' : 'dateTime', viewerZone });
}
