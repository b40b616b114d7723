/**
 * Runs the demo fleet's OCPP chargers (issue 22 item 6) against the platform's own central system: each
 * demo charging site's charger (ocpp-fleet.ts) as an OcppCharger. The energy registers are kept in settings
 * ('simulator_ocpp_registers', `{[identity]: Wh}`) after each session, so a restart continues the counters.
 * The solar-charging demo site's chargers (solar-demo.ts) run in real time, since the site's PV and meter
 * do, and report MeterValues at every fleet sample, so the controller sees their draw as its meter does.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import type { SiteSpec } from './catalog';
import { type FleetSite, readSetting, writeSetting } from './fleet-store';
import { createLocalClock } from './local-clock';
import { OcppCharger } from './ocpp-charger';
import { DEMO_OCPP_RATED_W, type DemoOcppCharger, ensureOcppChargers } from './ocpp-fleet';
import { profiles } from './profiles';
import { hashString } from './random';
import { solarChargerParams } from './solar-demo';

/** Settings key of the demo OCPP chargers' energy registers. */
const REGISTERS_KEY = 'simulator_ocpp_registers';

/** The running demo OCPP chargers. */
export interface OcppFleet {
  chargers: OcppCharger[];
  /** The chargers as commissioned, in the order of `chargers`. */
  demo: DemoOcppCharger[];
  /** What the chargers of the site of `spec` draw now, W. */
  drawW(spec: SiteSpec): number;
  stop(): Promise<void>;
}

/**
 * Commissions and connects the demo OCPP chargers.
 * @param url the central system, `ws://host:port/ocpp`.
 */
export async function startOcppFleet(deps: {
  db: DbHandle;
  config: Config;
  log: FastifyBaseLogger;
  url: string;
  sites: readonly FleetSite[];
  secret: string;
}): Promise<OcppFleet> {
  const { db, config, log } = deps;
  const demo = await ensureOcppChargers(db, deps.sites, deps.secret);
  const registers = (await readSetting<Record<string, number>>(db, REGISTERS_KEY)) ?? {};
  let saving: Promise<void> = Promise.resolve();
  const chargers = demo.map((d) => {
    const solar = d.site.spec.solarCharging === true;
    return new OcppCharger({
      url: deps.url,
      identity: d.identity,
      key: d.key,
      idTag: d.idTag,
      params: solar
        ? solarChargerParams(d.identity, DEMO_OCPP_RATED_W)
        : { seed: hashString(d.identity), ratedW: DEMO_OCPP_RATED_W, sessions: profiles().ev },
      clock: createLocalClock(d.site.spec.place.timeZone),
      timeScale: solar ? 1 : config.SIMULATOR_OCPP_TIME_SCALE,
      meterS: solar ? config.SIMULATOR_INTERVAL_S : config.SIMULATOR_OCPP_METER_S,
      registerWh: registers[d.identity] ?? 0,
      log,
      onSessionEnd: (_done, registerWh) => {
        registers[d.identity] = registerWh;
        saving = saving
          .then(() => writeSetting(db, REGISTERS_KEY, registers))
          .catch((err: unknown) => log.error({ err }, 'OCPP demo registers not saved'));
      },
    });
  });
  const started = await Promise.allSettled(chargers.map((c) => c.start()));
  started.forEach((r, i) => {
    if (r.status === 'rejected')
      log.error({ err: r.reason, identity: chargers[i]!.identity }, 'OCPP demo charger not started');
  });
  log.info({ chargers: chargers.length, url: deps.url }, 'simulated OCPP chargers connected');
  return {
    chargers,
    demo,
    drawW: (spec) => {
      const now = Date.now();
      return demo.reduce((sum, d, i) => sum + (d.site.spec === spec ? chargers[i]!.drawW(now) : 0), 0);
    },
    stop: async () => {
      await Promise.all(chargers.map((c) => c.stop()));
      await saving;
    },
  };
}
