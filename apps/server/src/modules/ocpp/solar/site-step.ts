/**
 * Solar-charging steps of sites (issue 33, docs/ocpp.md "Solar charging"): reads the sites (one query for
 * all of them), runs the controller (controller.ts) for each, sends each charger whose limit or transaction
 * changed its profile (every site's lowered ones first, so the chargers together stay within the site limit
 * on the way; each of the two waves one batch for all the sites), and stores the decisions, the hysteresis
 * and today's energy (one statement for all of them).
 */
import { NOMINAL_PHASE_V } from '@ems/contract/api/solar-charging';
import type { DbHandle } from '../../../db/client';
import { type ChargerSend, type ChargerSendMany, sendEach } from '../smart-charging/profiles';
import { divideSite } from '../smart-charging/rebalance';
import { type SolarCharger, type SolarTimer, solarStep } from './controller';
import { solarProfile } from './profile';
import {
  readSolarSites,
  type SolarChargerRow,
  type SolarSiteRow,
  type SolarWrite,
  writeSolarStep,
} from './repo';

/** A charger's own power above which it is taken to be three-phase when no phases are set, W (32 A × 230 V). */
const ONE_PHASE_MAX_W = 32 * NOMINAL_PHASE_V;
/** Rating assumed when the charger's is unknown, A per phase (the largest minimum accepted). */
const UNKNOWN_RATING_A = 32;
/** A charger's power reading older than this counts as 0 W, ms. */
const DRAW_STALE_MS = 60_000;
/** Longest gap between two steps over which energy is counted, ms (a longer one counts as this). */
const ENERGY_GAP_MS = 60_000;
/** Connector states in which a car is plugged in (OCPP 1.6 ChargePointStatus). */
const PLUGGED = new Set(['Preparing', 'Charging', 'SuspendedEV', 'SuspendedEVSE', 'Finishing']);

/**
 * Smallest change sent, A per phase: each SetChargingProfile is a charger command row (the audit), and a
 * surplus that wavers by a few watts every 5 s would otherwise write one per charger per sample.
 */
export const SEND_DEADBAND_A = 0.5;

/**
 * Whether a charger must be sent `limitA`: nothing sent yet, another transaction, a start or a stop, a
 * bound that must hold (site limit, rating), or a change of at least SEND_DEADBAND_A.
 */
function mustSend(row: SolarChargerRow, limitA: number, reason: string): boolean {
  const before = row.sentLimitA;
  if (before === null || row.sentTransactionId !== row.transactionId) return true;
  if (before === limitA) return false;
  if (before === 0 || limitA === 0) return true;
  if ((reason === 'siteLimit' || reason === 'rating') && limitA < before) return true;
  return Math.abs(limitA - before) >= SEND_DEADBAND_A - 1e-9;
}

const phasesOf = (r: SolarChargerRow): 1 | 3 =>
  r.phases === 1 || r.phases === 3 ? r.phases : r.ratedW !== null && r.ratedW <= ONE_PHASE_MAX_W ? 1 : 3;

/** The local date (YYYY-MM-DD) of `ms` in `timeZone`. */
function localDay(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

/** What a step did, for tests and the benchmark: the sends it made. */
export interface SiteStepOutcome {
  sent: { deviceId: number; limitA: number; transactionId: number | null }[];
}

/**
 * Runs one step of site `stationId` at `now`. A charger that is offline is sent nothing. A failed send is
 * not recorded as sent, so the next step sends it again.
 * @throws only what the database throws; send failures are collected into `onSendError`.
 */
export async function stepSite(
  db: DbHandle,
  stationId: number,
  send: ChargerSend,
  now: number = Date.now(),
  onSendError: (err: unknown) => void = () => {},
): Promise<SiteStepOutcome> {
  return stepSites(db, [stationId], sendEach(send), now, onSendError);
}

/**
 * One step of each site of `stationIds` at `now`, as stepSite does, with one read, two batches of sends
 * (`send`: the lowerings, then the raises) and one write for all of them; the sends of all the sites
 * together in `sent`.
 * @throws only what the database throws (the first site's error, after the other sites were stepped);
 *   send failures are collected into `onSendError`.
 */
export async function stepSites(
  db: DbHandle,
  stationIds: readonly number[],
  send: ChargerSendMany,
  now: number = Date.now(),
  onSendError: (err: unknown) => void = () => {},
): Promise<SiteStepOutcome> {
  const sites = (await readSolarSites(db, stationIds)).filter((s) => s.chargers.length > 0);
  // A site that cannot be planned (its site-limit division failed) does not hold back the others.
  const settled = await Promise.allSettled(sites.map((site) => planSite(db, site, now)));
  const plans = settled.flatMap((p) => (p.status === 'fulfilled' ? [p.value] : []));
  const sent: SiteStepOutcome['sent'] = [];
  await sendChanges(
    plans.map((p) => p.changes),
    send,
    now,
    sent,
    onSendError,
  );
  await writeSolarStep(
    db,
    plans.flatMap((p) => p.writes),
  );
  const failed = settled.find((p) => p.status === 'rejected');
  if (failed) throw failed.reason;
  return { sent };
}

/** A charger whose new limit must be sent, with the write that records it once it is. */
interface Change {
  write: SolarWrite;
  row: SolarChargerRow;
  phases: 1 | 3;
  lower: boolean;
}

/** Runs the controller for one site read: what to store for each charger and what to send. */
async function planSite(
  db: DbHandle,
  site: SolarSiteRow,
  now: number,
): Promise<{ writes: SolarWrite[]; changes: Change[] }> {
  const stationId = site.stationId;
  // Under a site limit each charger stays within its share (what the other chargers are given assumes it).
  const shareW = new Map<number, number>();
  if (site.chargeLimitKw !== null)
    for (const a of (await divideSite(db, stationId)).allocations) shareW.set(a.deviceId, a.limitW);
  // Chargers whose rating the site-limit share lowered: reaching it is the site limit's doing.
  const cutBySite = new Set<number>();
  const chargers: SolarCharger[] = site.chargers.map((r) => {
    const phases = phasesOf(r);
    const ratedA =
      r.ratedW === null ? UNKNOWN_RATING_A : Math.floor((r.ratedW * 10) / (phases * NOMINAL_PHASE_V)) / 10;
    const share = shareW.get(r.deviceId);
    const shareA =
      share === undefined
        ? Number.POSITIVE_INFINITY
        : Math.floor((share * 10) / (phases * NOMINAL_PHASE_V)) / 10;
    if (shareA < ratedA) cutBySite.add(r.deviceId);
    const fresh = r.drawAt !== null && now - r.drawAt <= DRAW_STALE_MS;
    return {
      deviceId: r.deviceId,
      mode: r.mode,
      minCurrentA: r.minCurrentA,
      phases,
      ratingA: Math.min(ratedA, shareA),
      drawW: fresh ? Math.max(0, r.drawW ?? 0) : 0,
      online: r.online,
      vehicleConnected: r.transactionId !== null || (r.status !== null && PLUGGED.has(r.status)),
      priority: r.priority,
    };
  });
  const timers = new Map<number, SolarTimer>(
    site.chargers.map((r) => [r.deviceId, { enabled: r.enabled, since: r.timerSince }]),
  );
  const step = solarStep({
    nowMs: now,
    grid: site.gridW === null || site.gridAt === null ? null : { w: site.gridW, atMs: site.gridAt },
    battery: site.batteryW === null ? null : { w: site.batteryW, soc: site.batterySoc ?? 0 },
    siteLimitW: site.chargeLimitKw === null ? null : Math.round(site.chargeLimitKw * 1000),
    batteryPrioritySoc: site.batteryPrioritySoc,
    enableDelayS: site.enableDelayS,
    disableDelayS: site.disableDelayS,
    chargers,
    timers,
  });
  const totalDraw = chargers.reduce((s, c) => s + c.drawW, 0);
  const solarFraction =
    step.surplusW === null || totalDraw === 0 ? 0 : Math.min(1, Math.max(0, step.surplusW) / totalDraw);
  const day = localDay(now, site.timeZone);
  const writes: SolarWrite[] = [];
  const changes: Change[] = [];
  step.decisions.forEach((d, i) => {
    const row = site.chargers[i]!;
    const c = chargers[i]!;
    const t = step.timers.get(d.deviceId)!;
    if (cutBySite.has(d.deviceId) && d.limitA > 0 && d.limitA >= c.ratingA) d.reason = 'siteLimit';
    const delay = d.reason === 'waitingForSurplus' || d.reason === 'holdingMinimum';
    const hours =
      row.decidedAt === null ? 0 : Math.min(ENERGY_GAP_MS, Math.max(0, now - row.decidedAt)) / 3_600_000;
    const write: SolarWrite = {
      deviceId: d.deviceId,
      enabled: t.enabled,
      timerSince: t.since,
      limitA: d.limitA,
      reason: d.reason,
      needW: d.needW ?? null,
      delayUntil: delay ? now + (d.remainingS ?? 0) * 1000 : null,
      surplusW: step.surplusW,
      decidedAt: now,
      day,
      chargedWh: c.drawW * hours,
      solarWh: c.drawW * hours * solarFraction,
    };
    writes.push(write);
    if (row.online && mustSend(row, d.limitA, d.reason))
      changes.push({
        write,
        row,
        phases: d.phases,
        lower: row.sentLimitA === null || d.limitA < row.sentLimitA,
      });
  });
  return { writes, changes };
}

/**
 * Sends the sites' changes in two batches: every lowered limit, then the raises of the sites none of whose
 * lowerings failed (the chargers of a site together must not pass its limit on the way).
 */
async function sendChanges(
  sites: readonly (readonly Change[])[],
  send: ChargerSendMany,
  now: number,
  sent: SiteStepOutcome['sent'],
  onSendError: (err: unknown) => void,
): Promise<void> {
  const lowerings = sites.flatMap((changes) => changes.filter((c) => c.lower));
  const failed = new Set(await sendWave(lowerings, send, now, sent, onSendError));
  const raises = sites
    .filter((changes) => !changes.some((c) => failed.has(c)))
    .flatMap((changes) => changes.filter((c) => !c.lower));
  await sendWave(raises, send, now, sent, onSendError);
}

/** Sends `changes` as one batch, marking each sent one. @returns the changes that failed. */
async function sendWave(
  changes: readonly Change[],
  send: ChargerSendMany,
  now: number,
  sent: SiteStepOutcome['sent'],
  onSendError: (err: unknown) => void,
): Promise<Change[]> {
  if (changes.length === 0) return [];
  const at = new Date(now);
  const calls = changes.map((c) => ({
    deviceId: c.row.deviceId,
    action: 'SetChargingProfile' as const,
    params: solarProfile(c.write.limitA, c.phases, c.row.connectorId, c.row.transactionId, at),
    userId: null,
  }));
  const outcomes = await send(calls).catch((err: unknown) =>
    calls.map((): PromiseSettledResult<unknown> => ({ status: 'rejected', reason: err })),
  );
  const failed: Change[] = [];
  changes.forEach((c, i) => {
    const o = outcomes[i];
    if (o?.status === 'fulfilled') {
      c.write.sent = { limitA: c.write.limitA, transactionId: c.row.transactionId };
      sent.push({ deviceId: c.row.deviceId, limitA: c.write.limitA, transactionId: c.row.transactionId });
    } else {
      failed.push(c);
      onSendError(o?.reason);
    }
  });
  return failed;
}
