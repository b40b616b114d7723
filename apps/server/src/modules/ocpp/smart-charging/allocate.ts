/**
 * How a site's charging power limit is divided among its chargers (issue 22 item 5, docs/ocpp.md "Smart
 * charging"). Pure: state in, allocations out. Everything is counted in whole watts so that the sum of the
 * allocations can never exceed the limit through rounding.
 */
import { MIN_CHARGING_KW } from '@ems/contract/api/ocpp-charger';

/** Least power a charger is given, W (MIN_CHARGING_KW). */
export const MIN_CHARGING_W = Math.round(MIN_CHARGING_KW * 1000);

/** One charger of the site as allocation sees it. */
export interface ChargerState {
  deviceId: number;
  /** True when one of its connectors has an open session (charging_sessions.stopped_at IS NULL). */
  charging: boolean;
  /** When its oldest open session started (epoch ms); decides who keeps power when there is too little. */
  chargingSince: number | null;
  /** Its own maximum, W (devices.rated_power_w); null when unknown. */
  maxW: number | null;
  /** True while it is connected to the central system (ocpp_connections); an offline charger gets 0 W. */
  online: boolean;
}

/** What one charger is given, W (whole watts, ≥ 0). */
export interface Allocation {
  deviceId: number;
  limitW: number;
  charging: boolean;
}

/**
 * Divides `limitW` among the connected `chargers` (an offline or never-connected charger gets 0 W: it cannot
 * be told its share, and power kept for it would be given to nobody — issue 34 item 3):
 * - each idle charger keeps a reserve of MIN_CHARGING_W (at most its own maximum) so that a session
 *   starting there may draw power at once without the site going over;
 * - the rest is shared equally by the charging chargers, none above its own maximum (what a capped charger
 *   cannot take goes to the others);
 * - what the charging chargers cannot take (their maxima, or none is charging) is shared by the idle ones
 *   that hold a reserve, so that a session starting there begins with it; only what no connected charger
 *   can take stays unused.
 * When the limit cannot give every charger MIN_CHARGING_W, charging chargers come first, the longest
 * charging first: as many as the limit holds at MIN_CHARGING_W each share it, then idle chargers get their
 * reserve while it lasts (lowest device id first); the others get 0 W (a connector below its minimum
 * pauses: OCPP SuspendedEVSE) until a session ends or the limit is raised.
 * @returns one allocation per charger, in the order given; their sum is never above `limitW`.
 */
export function allocate(limitW: number, chargers: readonly ChargerState[]): Allocation[] {
  const budget = Math.max(0, Math.floor(limitW));
  const cap = (c: ChargerState) =>
    c.maxW === null ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(c.maxW));
  const reserveOf = (c: ChargerState) => Math.min(MIN_CHARGING_W, cap(c));
  const live = chargers.filter((c) => c.online);
  const charging = live
    .filter((c) => c.charging)
    .sort((a, b) => (a.chargingSince ?? 0) - (b.chargingSince ?? 0) || a.deviceId - b.deviceId);
  const idle = live.filter((c) => !c.charging).sort((a, b) => a.deviceId - b.deviceId);
  const given = new Map<number, number>();
  // Charging chargers that the limit can carry at MIN_CHARGING_W each, the longest charging first.
  const carried = charging.slice(0, Math.floor(budget / MIN_CHARGING_W));
  let left = budget - carried.length * MIN_CHARGING_W;
  for (const c of idle) {
    const reserve = reserveOf(c);
    const r = reserve <= left ? reserve : 0;
    given.set(c.deviceId, r);
    left -= r;
  }
  // The pool (what the idle reserves leave) goes to the carried chargers first.
  const reserved = idle.filter((c) => given.get(c.deviceId)! > 0);
  const pool = budget - sumOf(reserved.map((c) => given.get(c.deviceId)!));
  const rest = shareOut(pool, carried, cap, given);
  // The idle chargers' share is their reserve plus the rest; it is never below the reserve (water-filling
  // over the reserves' sum and more, the lowest maxima first).
  shareOut(rest + sumOf(reserved.map((c) => given.get(c.deviceId)!)), reserved, cap, given);
  return chargers.map((c) => ({
    deviceId: c.deviceId,
    limitW: given.get(c.deviceId) ?? 0,
    charging: c.charging,
  }));
}

/**
 * Water-filling: `pool` shared equally by `among`, those with the lowest maximum served first so that what
 * they cannot take goes to the others; writes each share into `given`. @returns what nobody could take.
 */
function shareOut(
  pool: number,
  among: readonly ChargerState[],
  cap: (c: ChargerState) => number,
  given: Map<number, number>,
): number {
  const byCap = [...among].sort((a, b) => (cap(a) === cap(b) ? 0 : cap(a) < cap(b) ? -1 : 1));
  let left = pool;
  byCap.forEach((c, i) => {
    const share = Math.min(Math.floor(left / (byCap.length - i)), cap(c));
    given.set(c.deviceId, share);
    left -= share;
  });
  return left;
}

function sumOf(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
