import { createContext, type ReactNode, useContext } from 'react';
import { currentLanguageCode } from '../i18n/current-language';
import { formatSiteSince, formatSiteTime, type SiteTimeOptions } from './site-clock';
import type { Timestamp } from './time';

const SiteZone = createContext<string | undefined>(undefined);

/**
 * Puts `children` on the clock of the site whose zone is `timeZone` (IANA), e.g. the station page;
 * undefined (the zone not loaded yet) is the browser's clock. A page keeps one SiteClock while its
 * zone loads, so that the zone's arrival re-renders its children instead of mounting them anew.
 */
export function SiteClock({ timeZone, children }: { timeZone: string | undefined; children: ReactNode }) {
  return <SiteZone.Provider value={timeZone}>{children}</SiteZone.Provider>;
}

/** What useSiteClock gives: the zone and formatters bound to it and to the current language. */
export interface SiteClockFormat {
  /** The site's IANA zone, undefined outside a site's page (the browser's clock then). */
  timeZone: string | undefined;
  /** Date and clock, named when the viewer's clock differs: "11/21/2026, 14:05 GMT+1". */
  dateTime(ts: Timestamp, seconds?: boolean): string;
  /** The clock alone: "14:05" ("14:05:09" with `seconds`), named likewise. */
  clock(ts: Timestamp, seconds?: boolean): string;
  /** The date alone: "11/21/2026". */
  date(ts: Timestamp): string;
  /** The clock on the same site-local day as `nowMs`, else date and clock. */
  since(ts: Timestamp, nowMs: number): string;
}

/**
 * The one place a component of a site's pages formats a time (issue 34 item 1): on the clock of the
 * enclosing SiteClock, named where the browser's differs; the browser's clock outside one.
 */
export function useSiteClock(): SiteClockFormat {
  const timeZone = useContext(SiteZone);
  const locale = currentLanguageCode();
  const at = (ts: Timestamp, options: SiteTimeOptions) => formatSiteTime(ts, locale, timeZone, options);
  return {
    timeZone,
    dateTime: (ts, seconds = false) => at(ts, { seconds }),
    clock: (ts, seconds = false) => at(ts, { style: 'clock', seconds }),
    date: (ts) => at(ts, { style: 'date' }),
    since: (ts, nowMs) => formatSiteSince(ts, nowMs, locale, timeZone),
  };
}
