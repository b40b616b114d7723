/**
 * Recomputing a site's division of its charging limit and telling the chargers (issue 22 item 5,
 * docs/ocpp.md "Smart charging"). One site at a time: callers go through the rebalance queue
 * (runtime.ts), whose `stately` policy keeps each site to one recomputation running and one waiting.
 */
import type { DbHandle } from '../../../db/client';
import { type Allocation, allocate } from './allocate';
import { type ChargerSend, clearSiteLimit, perConnectorW, siteLimitProfile } from './profiles';
import { forgetSent, noteSent, sentLimits, siteChargers, siteLimitKw } from './repo';

/** The site's limit and how it is divided now. */
export interface SiteDivision {
  limitKw: number | null;
  /** One per charger of the site when it has a limit, else none. */
  allocations: (Allocation & { outlets: number; online: boolean })[];
}

/**
 * Reads the site's limit and chargers and divides the limit (allocate.ts) in whole watts (3.3 kW is 3300 W,
 * not 3299.99…); no limit: no allocations.
 */
export async function divideSite(db: DbHandle, stationId: number): Promise<SiteDivision> {
  const limitKw = await siteLimitKw(db, stationId);
  if (limitKw === null) return { limitKw, allocations: [] };
  const chargers = await siteChargers(db, stationId);
  const byId = new Map(chargers.map((c) => [c.deviceId, c]));
  return {
    limitKw,
    allocations: allocate(Math.round(limitKw * 1000), chargers).map((a) => ({
      ...a,
      outlets: byId.get(a.deviceId)!.outlets,
      online: byId.get(a.deviceId)!.online,
    })),
  };
}

/**
 * Divides the site's limit anew and sends each charger whose share changed its site-limit profile
 * (profiles.ts), remembering what was sent; with the limit lifted, clears the profile of every charger
 * that holds one. Lowered limits go out before raised ones, and a failed lowering stops the raises, so the
 * chargers' profiles together never exceed the limit on the way.
 * @throws AggregateError of the sends that failed (after trying the others); what failed is not recorded
 *   as sent, so the next run (the job's retry) sends it again.
 */
export async function rebalanceSite(
  db: DbHandle,
  stationId: number,
  send: ChargerSend,
  now: Date = new Date(),
): Promise<void> {
  const [division, sent] = await Promise.all([divideSite(db, stationId), sentLimits(db, stationId)]);
  const errors: unknown[] = [];
  if (division.limitKw === null) {
    for (const deviceId of sent.keys()) {
      try {
        await send({ deviceId, action: 'ClearChargingProfile', params: clearSiteLimit(), userId: null });
        await forgetSent(db, deviceId);
      } catch (err) {
        errors.push(err);
      }
    }
  } else {
    // An offline charger cannot be told (its share is 0 W): it is sent its share when it connects again.
    const changes = division.allocations
      .filter((a) => a.online)
      .map((a) => ({
        deviceId: a.deviceId,
        limitW: perConnectorW(a.limitW, a.outlets),
        before: sent.get(a.deviceId),
      }))
      .filter((c) => c.before !== c.limitW);
    // A charger that has no profile yet may draw anything: it is lowered with the first.
    const lowered = changes.filter((c) => c.before === undefined || c.limitW < c.before);
    const raised = changes.filter((c) => c.before !== undefined && c.limitW > c.before);
    for (const group of [lowered, raised]) {
      if (errors.length > 0) break;
      for (const c of group) {
        try {
          const params = siteLimitProfile(c.limitW, now);
          await send({ deviceId: c.deviceId, action: 'SetChargingProfile', params, userId: null });
          await noteSent(db, c.deviceId, c.limitW);
        } catch (err) {
          errors.push(err);
        }
      }
    }
  }
  if (errors.length > 0)
    throw new AggregateError(errors, `site ${stationId}: ${errors.length} charger calls failed`);
}
