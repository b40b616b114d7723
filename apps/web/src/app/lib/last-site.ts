/**
 * The site "Station" in the side menu opens (issue 34 item 8): the one opened last, remembered per user in
 * this browser, while the user may still open it; else the first of the user's sites.
 */

/** Where the last-opened site is kept: per user, so another account on the browser starts afresh. */
const keyOf = (userId: number | null) => `lastSite:${userId ?? 0}`;

/** The part of Storage used here (localStorage in the app). */
export type SiteStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Remembers `stationId` as the last site `userId` opened. Never throws (storage may be full or off). */
export function rememberSite(userId: number | null, stationId: number, storage: SiteStorage): void {
  try {
    storage.setItem(keyOf(userId), String(stationId));
  } catch {
    // Without storage the menu opens the first site: nothing to do.
  }
}

/** The last site `userId` opened here, or null. */
export function lastSite(userId: number | null, storage: SiteStorage): number | null {
  try {
    const id = Number(storage.getItem(keyOf(userId)));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Which site to open: the last one when it still opens (`lastOpens`: true, false, or undefined while it is
 * being checked), else the first of `sites` (undefined while they load).
 * @returns the site's id; null when there is none to open; undefined while not known yet.
 */
export function siteToOpen(
  last: number | null,
  lastOpens: boolean | undefined,
  sites: readonly number[] | undefined,
): number | null | undefined {
  if (last !== null && lastOpens === undefined) return undefined;
  if (last !== null && lastOpens) return last;
  if (sites === undefined) return undefined;
  return sites[0] ?? null;
}
