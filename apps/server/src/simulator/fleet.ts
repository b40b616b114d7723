/**
 * The demo fleet simulator (`SIMULATOR=on`): makes sure the demo sites exist, connects every device to
 * the broker as itself, publishes live samples every SIMULATOR_INTERVAL_S seconds, and in the background
 * backfills history through the same MQTT path — BACKFILL_DAYS at the first start, the gap since the last
 * published sample on a later one.
 *
 * Kept in settings: 'simulator_epoch' (ms; where the models' time begins), 'simulator_backfilled_until'
 * (ms; every sample before it has been published) and 'simulator_snapshot' (model state at a recent
 * minute, so a restart continues counters without re-stepping from the epoch), and 'simulator_params'
 * (sim-settings.ts: the inverters' parameters set by command, and their recent answers).
 *
 * Inverters obey commands (issue 21 item 4): an applied command changes the live model from its next
 * minute, and each inverter reports its parameters (docs/device-protocol.md §7) in its first live sample,
 * right after a change, and every 5 minutes.
 */
import { topics } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import { runBackfill } from './backfill';
import { type DeviceLinks, openDeviceLinks } from './device-links';
import { siteSamples } from './device-points';
import { writePastFaults } from './fault-store';
import { activeFaults, SIMULATED_CODES, startupFaultOf } from './faults';
import { buildModels, type FleetSnapshot, fleetSnapshot, inverterOf } from './fleet-models';
import { deviceSecret, ensureFleet, readSetting, writeSetting } from './fleet-store';
import { type GatewayDemo, startGatewayDemo } from './gateway-demo';
import { type OcppFleet, startOcppFleet } from './ocpp-sim';
import { SimSettings } from './sim-settings';
import type { SiteModel } from './site-model';
import { ensureSolarModes } from './solar-demo';

/** Counters of a running simulator. */
export interface SimulatorStats {
  sites: number;
  devices: number;
  liveSamples: number;
  backfillSamples: number;
  backfillDone: boolean;
}

/** A running simulator. */
export interface Simulator {
  stats(): SimulatorStats;
  /** Resolves when the backfill has published everything (or was stopped). */
  backfilled: Promise<void>;
  /** The demo OCPP chargers (issue 22), null when started without the central system's address. */
  ocpp: OcppFleet | null;
  /** The solar-charging demo site (issue 33, solar-demo.ts), null when not run (SIMULATOR_SOLAR off). */
  solarDemo: { stationId: number; model: SiteModel } | null;
  /** The demo gateway site (issue 32), null when not run (SIMULATOR_GATEWAY off, external broker). */
  gateway: GatewayDemo | null;
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;
const SAVE_EVERY_MS = 60_000;
/** Inverters report their parameters at least this often (and right after a change), ms. */
const PARAMS_EVERY_MS = 300_000;

const idle: Simulator = {
  stats: () => ({ sites: 0, devices: 0, liveSamples: 0, backfillSamples: 0, backfillDone: true }),
  backfilled: Promise.resolve(),
  ocpp: null,
  solarDemo: null,
  gateway: null,
  stop: async () => {},
};

/**
 * Starts the simulator; resolves once the devices are connected and live publishing has begun.
 * @param deps.ocppUrl the platform's central system (`ws://host:port/ocpp`): the demo charging sites'
 *   OCPP chargers connect there (ocpp-sim.ts); without it they are not run.
 * @param deps.solarDemo add the solar-charging demo site (solar-demo.ts); its chargers need `ocppUrl`.
 * @param deps.solarChanged what tells the running solar-charging controller that a site's modes changed.
 * @param deps.gatewayDemo run the demo gateway site (gateway-demo.ts): the caller says so only with the
 *   embedded broker, the one that takes a gateway's announcements (docs/gateway.md, "Brokers").
 */
export async function startSimulator(deps: {
  db: DbHandle;
  config: Config;
  log: FastifyBaseLogger;
  mqttUrl: string;
  ocppUrl?: string;
  gatewayDemo?: boolean;
  solarDemo?: boolean;
  solarChanged?: (stationId: number) => Promise<void>;
}): Promise<Simulator> {
  const { db, config, mqttUrl } = deps;
  const log = deps.log.child({ part: 'simulator' });
  const fleet = await ensureFleet(db, config.SIMULATOR_SITES, deps.solarDemo === true);
  if (!fleet) {
    log.warn("no demo owner (users.login_name = 'demo'): simulator idle");
    return idle;
  }
  const { sites, secret } = fleet;
  const intervalMs = config.SIMULATOR_INTERVAL_S * 1000;
  const now = Date.now();
  const savedUntil = await readSetting<number>(db, 'simulator_backfilled_until');
  // A restart within the interval of the last sample published starts at the next instant: a second
  // sample at the same instant is a duplicate the ingest drops, with the parameters it reports.
  const liveStart = Math.max(
    Math.floor(now / intervalMs) * intervalMs,
    savedUntil !== undefined && savedUntil <= now + intervalMs
      ? Math.ceil(savedUntil / intervalMs) * intervalMs
      : 0,
  );

  let epoch = await readSetting<number>(db, 'simulator_epoch');
  if (epoch === undefined) {
    epoch = Math.floor((now - config.BACKFILL_DAYS * DAY_MS) / 300_000) * 300_000;
    await writeSetting(db, 'simulator_epoch', epoch);
  }
  const firstEpoch = epoch;
  const backfilledUntil = savedUntil ?? epoch;
  const snapshot = await readSetting<FleetSnapshot>(db, 'simulator_snapshot');

  const devices = sites.flatMap((s) =>
    s.spec.devices.map((d) => ({ sn: d.sn, secret: deviceSecret(secret, d.sn) })),
  );
  const settings = await SimSettings.load(db, sites);
  const paramsOf = (site: (typeof sites)[number]) => settings.paramsOf(inverterOf(site) ?? '');
  let live: SiteModel[] = [];
  /** Live models whose inverter reports its parameters in the next sample. */
  const reportDue = new Set<SiteModel>();
  const onCommand = (sn: string, payload: Buffer) =>
    settings.handle(sn, payload, (params) => {
      const i = sites.findIndex((s) => inverterOf(s) === sn);
      const model = live[i];
      if (!model) return; // live models not built yet: they read the settings when they are
      model.setParams(params);
      reportDue.add(model);
    });
  const links: DeviceLinks = await openDeviceLinks(mqttUrl, devices, log, onCommand);
  let stopped = false;
  const isStopped = () => stopped;
  let signalStop!: () => void;
  const stopSignal = new Promise<void>((resolve) => {
    signalStop = resolve;
  });
  live = await buildModels(sites, epoch, snapshot, liveStart, isStopped, paramsOf);
  // A command applied while the models were built reached the settings, not the models.
  live.forEach((model, i) => {
    model.setParams(paramsOf(sites[i]!));
    reportDue.add(model);
  });
  log.info({ sites: sites.length, devices: devices.length }, 'simulated devices connected');
  const ocpp = deps.ocppUrl
    ? await startOcppFleet({ db, config, log, url: deps.ocppUrl, sites, secret })
    : null;
  if (ocpp) await ensureSolarModes(db, ocpp.demo, deps.solarChanged);
  const solarIndex = sites.findIndex((s) => s.spec.solarCharging && s.stationId !== null);
  const solarDemo =
    solarIndex < 0 ? null : { stationId: sites[solarIndex]!.stationId!, model: live[solarIndex]! };
  const gateway = deps.gatewayDemo
    ? await startGatewayDemo({ db, config, log, mqttUrl, epoch: firstEpoch }).catch((err: unknown) => {
        log.error({ err }, 'demo gateway not started');
        return null;
      })
    : null;

  const stats: SimulatorStats = {
    sites: sites.length,
    devices: devices.length,
    liveSamples: 0,
    backfillSamples: 0,
    backfillDone: false,
  };
  let lastTick = liveStart - intervalMs;
  /** First live tick a device missed (not connected): history is complete only up to there. */
  let missedSince: number | null = null;
  let lastSaved = Date.now();

  const save = async () => {
    const snap = fleetSnapshot(sites, live);
    await writeSetting(db, 'simulator_snapshot', snap);
    if (stats.backfillDone) await writeSetting(db, 'simulator_backfilled_until', missedSince ?? lastTick + 1);
  };

  /**
   * Issue 9: codes each device has active, as last published. Unknown at start (undefined): the first
   * tick then clears every simulated code not active, so no alarm of a previous run stays open.
   */
  const faultsSent = new Map<string, Set<string>>();
  const startup = startupFaultOf(
    sites.filter((s) => s.stationId !== null).map((s) => s.spec),
    liveStart,
  );
  const publishFaults = (model: (typeof live)[number], t: number) => {
    const active = activeFaults(model, t, startup);
    for (const d of model.spec.devices) {
      const client = links.connected(d.sn);
      if (!client) continue;
      const now = new Set(active.get(d.sn) ?? []);
      const before = faultsSent.get(d.sn);
      const events: { ts: number; code: string; active: boolean }[] = [];
      for (const code of now) if (!before?.has(code)) events.push({ ts: t, code, active: true });
      for (const code of before ?? SIMULATED_CODES[d.type] ?? [])
        if (!now.has(code)) events.push({ ts: t, code, active: false });
      faultsSent.set(d.sn, now);
      if (events.length > 0) client.publish(topics.alarm(d.sn), JSON.stringify({ events }), { qos: 1 });
    }
  };

  /** Publishes every connected device's sample at `t`; PUBACKs are not awaited (QoS 1 retries them). */
  const publishTick = (t: number) => {
    const everyone = t % PARAMS_EVERY_MS < intervalMs;
    for (const model of live) {
      model.advanceTo(t);
      // The solar demo's meter reads what its OCPP chargers draw now (solar-demo.ts).
      if (ocpp && model.spec.solarCharging) model.setExternalW(ocpp.drawW(model.spec), t);
      publishFaults(model, t);
      const report = everyone || reportDue.delete(model);
      for (const s of siteSamples(model, t, report)) {
        const client = links.connected(s.sn);
        if (!client) {
          missedSince ??= t; // the next start backfills from here
          continue;
        }
        client.publish(topics.telemetry(s.sn), JSON.stringify({ ts: t, points: s.points }), { qos: 1 });
        stats.liveSamples++;
      }
    }
    lastTick = t;
  };

  let timer: NodeJS.Timeout | null = null;
  let saving: Promise<void> = Promise.resolve();
  const schedule = (t: number) => {
    if (stopped) return;
    const run = () => {
      const tick = Math.max(t, Math.floor(Date.now() / intervalMs) * intervalMs);
      try {
        publishTick(tick);
      } catch (err) {
        log.error({ err }, 'simulator tick failed');
      }
      if (Date.now() - lastSaved >= SAVE_EVERY_MS) {
        lastSaved = Date.now();
        saving = save().catch((err: unknown) => log.error({ err }, 'simulator state not saved'));
      }
      schedule(tick + intervalMs);
    };
    timer = setTimeout(run, Math.max(0, t - Date.now()));
  };
  schedule(liveStart);

  const from = Math.max(backfilledUntil, now - config.BACKFILL_DAYS * DAY_MS);
  const backfilled = (async () => {
    if (from < liveStart) {
      log.info(
        { from: new Date(from).toISOString(), to: new Date(liveStart).toISOString() },
        'backfill starting',
      );
      const models = await buildModels(sites, firstEpoch, snapshot, from, isStopped, paramsOf);
      stats.backfillSamples = await runBackfill({
        models,
        links,
        from,
        to: liveStart,
        log,
        stopped: isStopped,
        stopSignal,
        onFaults: (faults) => writePastFaults(db, sites, faults).then(() => {}),
      });
    }
    if (!stopped) {
      stats.backfillDone = true;
      await writeSetting(db, 'simulator_backfilled_until', missedSince ?? Math.max(liveStart, lastTick + 1));
      log.info({ samples: stats.backfillSamples }, 'backfill done');
    }
  })().catch((err: unknown) => log.error({ err }, 'backfill failed'));

  return {
    stats: () => ({ ...stats }),
    backfilled,
    ocpp,
    solarDemo,
    gateway,
    stop: async () => {
      stopped = true;
      await ocpp?.stop();
      await gateway?.stop();
      signalStop();
      if (timer) clearTimeout(timer);
      await saving;
      await backfilled;
      await save().catch((err: unknown) => log.error({ err }, 'simulator state not saved'));
      await links.close();
    },
  };
}
