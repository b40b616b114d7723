/**
 * When solar charging steps a site (issue 33, docs/ocpp.md "Solar charging"): on every grid meter sample
 * the ingest committed (a lookup in memory of the meters of sites under solar control: no query for the
 * others), when a mode or the site's settings change, and every SWEEP_MS for each site under solar control
 * not stepped meanwhile (so that without meter data `pv` goes to 0 within METER_STALE_S plus a sweep).
 *
 * Samples coalesce: a sample marks its site due, and one loop steps the due sites together (stepSites: one
 * read and one write for up to MAX_BATCH sites), so a site is stepped at most once per round however many
 * samples it had meanwhile, from its latest one (the step reads `device_latest`). Under load the rounds
 * grow longer and carry more sites, instead of queueing a step per sample. The state stays in the database
 * (read at each step, written after it), so any process may step any site.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../../db/client';
import type { ChargerSendMany } from '../smart-charging/profiles';
import { solarMeters, solarSites } from './repo';
import { stepSites } from './site-step';

/** How often every site under solar control is stepped without a sample, ms. */
export const SWEEP_MS = 10_000;
/** Most sites stepped together in one round (one read, one write). */
export const MAX_BATCH = 250;
/** How often the meters of sites under solar control are read again, ms (other nodes' mode changes). */
const METERS_REFRESH_MS = 60_000;

/** The hooks of the running controller. */
export interface SolarCharging {
  /** A sample of device `deviceId` was committed (the ingest calls this for each meter sample). */
  meterSampled(deviceId: number): void;
  /** A mode or the site's settings changed: read the meters again and step the site now. */
  siteChanged(stationId: number): Promise<void>;
  /** Resolves when every step asked so far has run (tests). */
  idle(): Promise<void>;
  /** Sites stepped and rounds run since the start (tests, the benchmark). */
  counts(): { steps: number; rounds: number };
  stop(): void;
}

/** Options of startSolarCharging. */
export interface SolarChargingOptions {
  db: DbHandle;
  log: FastifyBaseLogger;
  /** How a round's profiles reach the chargers: all of them in one batch per wave. */
  send: ChargerSendMany;
  sweepMs?: number;
}

/** Starts the sweep and the meters' refresh. */
export function startSolarCharging(opts: SolarChargingOptions): SolarCharging {
  const { db, log, send } = opts;
  let meters = new Map<number, number>();
  /** Sites due for a step, each with the callers waiting for it. */
  const due = new Map<number, (() => void)[]>();
  /** When each site was last stepped here, ms (the sweep skips the ones stepped since its last round). */
  const steppedAt = new Map<number, number>();
  let loop: Promise<void> | null = null;
  /** Set by stop(): a sample of a closing app starts no round on its closing database. */
  let stopped = false;
  const counts = { steps: 0, rounds: 0 };
  const refresh = () =>
    solarMeters(db)
      .then((m) => {
        meters = m;
      })
      .catch((err: unknown) => log.error({ err }, 'solar charging: meters not read'));
  const runRounds = async (): Promise<void> => {
    while (due.size > 0) {
      const batch = [...due].slice(0, MAX_BATCH);
      for (const [id] of batch) due.delete(id);
      const ids = batch.map(([id]) => id);
      const now = Date.now();
      await stepSites(db, ids, send, now, (err) =>
        log.warn({ err }, 'solar charging: a charger was not sent its limit'),
      ).catch((err: unknown) => log.error({ err, stationIds: ids }, 'solar charging: sites not stepped'));
      counts.rounds++;
      counts.steps += ids.length;
      for (const [id, waiting] of batch) {
        steppedAt.set(id, now);
        for (const w of waiting) w();
      }
    }
    loop = null;
  };
  /** Marks the site due (once, however often asked); resolves after the round that steps it. */
  const step = (stationId: number, wait = false): Promise<void> => {
    if (stopped) return Promise.resolve();
    let waiting = due.get(stationId);
    if (!waiting) {
      waiting = [];
      due.set(stationId, waiting);
    }
    const done = wait ? new Promise<void>((res) => waiting.push(res)) : Promise.resolve();
    // From the next turn of the event loop, so the samples of one ingest batch share the first round.
    loop ??= new Promise<void>((res) => setImmediate(res)).then(runRounds);
    return done;
  };
  const ready = refresh();
  const refresher = setInterval(refresh, METERS_REFRESH_MS);
  const sweepMs = opts.sweepMs ?? SWEEP_MS;
  const sweeper = setInterval(() => {
    const since = Date.now() - sweepMs;
    solarSites(db)
      .then((sites) => {
        for (const s of sites) if ((steppedAt.get(s) ?? 0) <= since) void step(s);
      })
      .catch((err: unknown) => log.error({ err }, 'solar charging: sweep failed'));
  }, sweepMs);
  refresher.unref();
  sweeper.unref();
  return {
    meterSampled(deviceId) {
      const stationId = meters.get(deviceId);
      if (stationId !== undefined) void step(stationId);
    },
    async siteChanged(stationId) {
      await ready;
      await refresh();
      await step(stationId, true);
    },
    async idle() {
      while (loop) await loop;
    },
    counts: () => ({ ...counts }),
    stop() {
      stopped = true;
      clearInterval(refresher);
      clearInterval(sweeper);
    },
  };
}
