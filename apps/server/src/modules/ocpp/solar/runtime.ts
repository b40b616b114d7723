/**
 * When solar charging steps a site (issue 33, docs/ocpp.md "Solar charging"): on every grid meter sample
 * the ingest committed (a lookup in memory of the meters of sites under solar control: no query for the
 * others), when a mode or the site's settings change, and every SWEEP_MS for each site under solar control
 * (so that without meter data `pv` goes to 0 within METER_STALE_S plus a sweep). One step of a site runs at
 * a time in this process; requests meanwhile make one more step after it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../../db/client';
import type { ChargerSend } from '../smart-charging/profiles';
import { solarMeters, solarSites } from './repo';
import { stepSite } from './site-step';

/** How often every site under solar control is stepped without a sample, ms. */
export const SWEEP_MS = 10_000;
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
  stop(): void;
}

/** Options of startSolarCharging. */
export interface SolarChargingOptions {
  db: DbHandle;
  log: FastifyBaseLogger;
  send: ChargerSend;
  sweepMs?: number;
}

/** Starts the sweep and the meters' refresh. */
export function startSolarCharging(opts: SolarChargingOptions): SolarCharging {
  const { db, log, send } = opts;
  let meters = new Map<number, number>();
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  const refresh = () =>
    solarMeters(db)
      .then((m) => {
        meters = m;
      })
      .catch((err: unknown) => log.error({ err }, 'solar charging: meters not read'));
  const stepLoop = async (stationId: number): Promise<void> => {
    do {
      again.delete(stationId);
      await stepSite(db, stationId, send, Date.now(), (err) =>
        log.warn({ err, stationId }, 'solar charging: a charger was not sent its limit'),
      ).catch((err: unknown) => log.error({ err, stationId }, 'solar charging: site not stepped'));
    } while (again.has(stationId));
    running.delete(stationId);
  };
  const step = (stationId: number): Promise<void> => {
    const now = running.get(stationId);
    if (now) {
      again.add(stationId);
      return now;
    }
    const p = stepLoop(stationId);
    running.set(stationId, p);
    return p;
  };
  const ready = refresh();
  const refresher = setInterval(refresh, METERS_REFRESH_MS);
  const sweeper = setInterval(() => {
    solarSites(db)
      .then((sites) => {
        for (const s of sites) void step(s);
      })
      .catch((err: unknown) => log.error({ err }, 'solar charging: sweep failed'));
  }, opts.sweepMs ?? SWEEP_MS);
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
      await step(stationId);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running.values());
    },
    stop() {
      clearInterval(refresher);
      clearInterval(sweeper);
    },
  };
}
