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
}

/** What one charger is given, W (whole watts, ≥ 0). */
export interface Allocation {
  deviceId: number;
  limitW: number;
  charging: boolean;
}

/**
 * Divides `limitW` among `chargers`:
 * - each idle charger keeps a reserve of MIN_CHARGING_W (at most its own maximum) so that a session
 *   starting there may draw power at once without the site going over;
 * - the rest is shared equally by the charging chargers, none above its own maximum (what a capped charger
 *   cannot take goes to the others; what nobody can take stays unused).
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
  const charging = chargers
    .filter((c) => c.charging)
    .sort((a, b) => (a.chargingSince ?? 0) - (b.chargingSince ?? 0) || a.deviceId - b.deviceId);
  const idle = chargers.filter((c) => !c.charging).sort((a, b) => a.deviceId - b.deviceId);
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
  // Water-filling: the pool (what carried chargers' minimums and idle reserves leave) shared equally,
  // the chargers with the lowest maximum served first so that what they cannot take goes to the others.
  let pool = budget - sumOf(idle.map((c) => given.get(c.deviceId)!));
  const byCap = [...carried].sort((a, b) => (cap(a) === cap(b) ? 0 : cap(a) < cap(b) ? -1 : 1));
  byCap.forEach((c, i) => {
    const share = Math.min(Math.floor(pool / (byCap.length - i)), cap(c));
    given.set(c.deviceId, share);
    pool -= share;
  });
  return chargers.map((c) => ({
    deviceId: c.deviceId,
    limitW: given.get(c.deviceId) ?? 0,
    charging: c.charging,
  }));
}

function sumOf(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
