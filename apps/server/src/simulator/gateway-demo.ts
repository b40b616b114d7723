/**
 * The demo's gateway (issue 32, "Parts: The demo"; SIMULATOR_GATEWAY, docs/gateway.md "The demo"): one demo
 * home whose inverter, battery and meter reach the platform only through the real path — SunSpec devices
 * on loopback Modbus TCP (gateway-demo-devices.ts), read by apps/gateway's gateway, which announces them,
 * buffers on disk under DATA_DIR/gateway-demo/ and publishes over MQTT as the site's `gateway` device. So
 * every `npm start` exercises discovery, scale factors, store-and-forward and register writes.
 *
 * The gateway runs in this process (startGateway, the same code `npm run gateway` runs), not as a child
 * process: it still talks to the devices over TCP and to the broker over MQTT with its own login, but a
 * second Node process would add its own heap (≈ 40–50 MB RSS) to the demo's memory, need a built gateway
 * or tsx at run time, and its own lifecycle (stop, crash, orphan) inside `npm start`; three devices polled
 * every few seconds cost the server's event loop little (bench/gateway.ts measures a gateway's cost).
 *
 * The site's history begins when the demo gateway first ran (as a gateway installed that day would): the
 * backfill goes through the fleet's own device logins, which this site's devices do not have.
 */
import { join, resolve } from 'node:path';
import type { DeviceParams } from '@ems/contract/api/device-params';
import type { FastifyBaseLogger } from 'fastify';
import { type Gateway, startGateway } from '../../../gateway/src/gateway';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import { buildModels, type FleetSnapshot } from './fleet-models';
import { fleetSnTag, readSetting, simulatorSecret, writeSetting } from './fleet-store';
import { startDemoModbusDevices } from './gateway-demo-devices';
import { ensureGatewaySite } from './gateway-demo-site';
import type { SiteSnapshot } from './site-model';

/** Settings key of the demo gateway site's model state and battery settings. */
const STATE_KEY = 'simulator_gateway_demo';
const SAVE_EVERY_MS = 60_000;

interface SavedState {
  site: SiteSnapshot;
  params?: DeviceParams;
}

/** A running demo gateway with its simulated devices. */
export interface GatewayDemo {
  gatewaySn: string;
  stationId: number;
  gateway: Gateway;
  stop(): Promise<void>;
}

/**
 * Starts the demo gateway site: makes sure the site and its gateway device exist, starts its SunSpec
 * devices and the gateway. Resolves to null when there is no demo owner or the owner removed the gateway.
 * @param epoch the fleet's first instant (ms): the site's model starts there unless a saved state is usable.
 */
export async function startGatewayDemo(deps: {
  db: DbHandle;
  config: Config;
  log: FastifyBaseLogger;
  mqttUrl: string;
  epoch: number;
}): Promise<GatewayDemo | null> {
  const { db, config } = deps;
  const log = deps.log.child({ part: 'gateway-demo' });
  const site = await ensureGatewaySite(db, await fleetSnTag(db), await simulatorSecret(db));
  if (!site || site.stationId === null) {
    log.info('demo gateway not on a site: not run');
    return null;
  }
  const intervalMs = config.SIMULATOR_INTERVAL_S * 1000;
  const saved = await readSetting<SavedState>(db, STATE_KEY);
  let params = saved?.params;
  const fleetSite = { spec: site.spec, stationId: site.stationId, deviceIds: {} };
  const snapshot: FleetSnapshot | undefined = saved && { sites: { [site.spec.devices[0]!.sn]: saved.site } };
  const now = Math.floor(Date.now() / intervalMs) * intervalMs;
  const [model] = await buildModels(
    [fleetSite],
    deps.epoch,
    snapshot,
    now,
    undefined,
    params && (() => params!),
  );
  if (!model) throw new Error('no model for the gateway demo site');
  const devices = await startDemoModbusDevices(site.spec, model, now, (p) => {
    params = p;
    log.info(
      { socLowerOnGrid: p.socLowerOnGrid, chargeMode: p.chargeMode },
      'battery settings written by the gateway',
    );
  });
  const save = () => writeSetting(db, STATE_KEY, { site: model.snapshot(), params } satisfies SavedState);

  const gateway = startGateway(
    {
      mqtt: deps.mqttUrl,
      serialNumber: site.gatewaySn,
      secret: site.secret,
      modbus: devices.urls,
      unitIds: [1],
      pollSeconds: config.SIMULATOR_INTERVAL_S,
      bufferDir: resolve(join(config.DATA_DIR, 'gateway-demo', site.gatewaySn)),
      maxBuffered: 500_000,
    },
    (msg) => log.info(msg),
  );
  log.info({ gateway: site.gatewaySn, modbus: devices.urls }, 'demo gateway started');

  let timer: NodeJS.Timeout | undefined;
  let lastSaved = Date.now();
  let saving: Promise<void> = Promise.resolve();
  const schedule = (t: number) => {
    timer = setTimeout(
      () => {
        const tick = Math.max(t, Math.floor(Date.now() / intervalMs) * intervalMs);
        try {
          devices.update(model, tick);
        } catch (err) {
          log.error({ err }, 'gateway demo tick failed');
        }
        if (Date.now() - lastSaved >= SAVE_EVERY_MS) {
          lastSaved = Date.now();
          saving = save().catch((err: unknown) => log.error({ err }, 'gateway demo state not saved'));
        }
        schedule(tick + intervalMs);
      },
      Math.max(0, t - Date.now()),
    );
  };
  schedule(now + intervalMs);

  return {
    gatewaySn: site.gatewaySn,
    stationId: site.stationId,
    gateway,
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await gateway.stop();
      await devices.close();
      await saving;
      await save().catch((err: unknown) => log.error({ err }, 'gateway demo state not saved'));
    },
  };
}
