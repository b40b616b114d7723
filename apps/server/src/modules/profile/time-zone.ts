/**
 * True when `zone` is an IANA time zone this runtime knows (what Intl accepts, e.g. 'Europe/Berlin',
 * 'UTC'); `Intl.DateTimeFormat` throws a RangeError for anything else.
 */
export function isIanaTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
