/**
 * One solar-charging step of a site (issue 33, docs/ocpp.md "Solar charging"): reads the site (one query),
 * runs the controller (controller.ts), sends each charger whose limit or transaction changed its profile
 * (lowered ones first, so the chargers together stay within the site limit on the way), and stores the
 * decisions, the hysteresis and today's energy.
 */
import { NOMINAL_PHASE_V } from '@ems/contract/api/solar-charging';
import type { DbHandle } from '../../../db/client';
import type { ChargerSend } from '../smart-charging/profiles';
import { divideSite } from '../smart-charging/rebalance';
import { type SolarCharger, type SolarTimer, solarStep } from './controller';
import { solarProfile } from './profile';
import { readSolarSite, type SolarChargerRow, type SolarWrite, writeSolarStep } from './repo';

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
  const site = await readSolarSite(db, stationId);
  if (site === null || site.chargers.length === 0) return { sent: [] };
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
  const changes: { write: SolarWrite; row: SolarChargerRow; phases: 1 | 3; lower: boolean }[] = [];
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
  const sent: SiteStepOutcome['sent'] = [];
  let failed = false;
  for (const c of [...changes.filter((x) => x.lower), ...changes.filter((x) => !x.lower)]) {
    // A lowering that failed stops the raises: the chargers together must not pass the site limit.
    if (failed && !c.lower) break;
    try {
      const params = solarProfile(
        c.write.limitA,
        c.phases,
        c.row.connectorId,
        c.row.transactionId,
        new Date(now),
      );
      await send({ deviceId: c.row.deviceId, action: 'SetChargingProfile', params, userId: null });
      c.write.sent = { limitA: c.write.limitA, transactionId: c.row.transactionId };
      sent.push({ deviceId: c.row.deviceId, limitA: c.write.limitA, transactionId: c.row.transactionId });
    } catch (err) {
      failed = true;
      onSendError(err);
    }
  }
  await writeSolarStep(db, writes);
  return { sent };
}
