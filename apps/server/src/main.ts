/**
 * Composition root (`npm start`): config → database + migrations (db/app-db.ts) + seed → API + web → MQTT broker
 * (embedded unless MQTT_URL) → remote settings (command dispatch) → ingest (+ Prometheus metrics on METRICS_PORT) → jobs → OCPP charger commands →
 * simulator (unless SIMULATOR=off).
 */
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { deviceRateOf, loadConfig } from './config';
import { openAppDb } from './db/app-db';
import { seed } from './db/seed';
import { buildApp } from './http/app';
import { releaseFreedHeapPages } from './http/heap-release';
import { watchHttpQuiet } from './http/http-quiet';
import { watchEventLoop } from './http/loop-watch';
import { startEmbeddedBroker } from './ingest/broker';
import { shareIngestStatus } from './ingest/cluster-status';
import { ingestClientId, startIngest } from './ingest/ingest';
import { createIngestMetrics, startMetricsServer } from './ingest/metrics';
import { ingestStatusOf, publishClusterStatus, publishIngestStatus, readIngestStatus } from './ingest/status';
import { allJobs } from './jobs/all-jobs';
import { createJobQueue } from './jobs/queue';
import { startJobs } from './jobs/scheduler';
import { createAuthService } from './modules/auth/service';
import { embeddedDownlink, externalDownlink } from './modules/commands/downlink';
import { startCommandRuntime } from './modules/commands/runtime';
import { sendChargerCommand, sendChargerCommands } from './modules/ocpp/commands/send';
import { startChargerCalls } from './modules/ocpp/commands/worker';
import { startDeliveries } from './modules/push/deliver';
import { registerPushMetrics } from './modules/push/metrics';
import { startSimulator } from './simulator/fleet';

async function main(): Promise<void> {
  const config = loadConfig();
  /** This process among several (issue 23): its ingest session, its row in the console's counters. */
  const nodeName = config.NODE_NAME ?? hostname();
  // Until the app's logger exists, a lost pooled connection is reported on stderr.
  let onConnectionError = (err: Error) => console.warn(`database connection lost: ${err.message}`);
  const db = await openAppDb(config, (err) => onConnectionError(err));
  const auth = createAuthService({ db, config });
  const queue = createJobQueue(db);
  const app = await buildApp({
    config,
    db,
    authenticate: auth.authenticate,
    queue,
    nodeName,
    // Smart charging's profiles go out as tracked charger commands, to the node holding each charger.
    chargerSend: (cmd) => sendChargerCommand(db, queue, cmd),
    chargerSendMany: (cmds) => sendChargerCommands(db, queue, cmds),
  });
  const log = app.log;
  watchEventLoop(log);
  // The collection's pause waits for a moment no browser is asking anything.
  releaseFreedHeapPages(log, { isQuiet: watchHttpQuiet(app) });
  onConnectionError = (err) => log.warn({ err }, 'database connection lost, the pool reconnects');
  await queue.start(log);
  await seed(db, config, log);

  const broker = config.MQTT_URL ? null : await startEmbeddedBroker({ db, config, log, holdForIngest: true });
  const mqttUrl = config.MQTT_URL ?? `mqtt://127.0.0.1:${broker!.port}`;
  const metrics = createIngestMetrics(readIngestStatus);
  const onBatch = metrics.observeBatch;
  registerPushMetrics(metrics.registry, db);
  const deviceRate = deviceRateOf(config);
  // Remote settings (issue 21): commands go out through the embedded broker, or a client of their own.
  const downlink = broker ? embeddedDownlink(broker) : externalDownlink(mqttUrl, log);
  const commands = await startCommandRuntime({ db, log, queue, downlink });
  const solar = app.solarCharging;
  const onMeterSample = solar ? (deviceId: number) => solar.meterSampled(deviceId) : undefined;
  const common = {
    db,
    log,
    onBatch,
    deviceRate,
    commands: commands.hooks,
    onMeterSample,
    confirmGatewayDevices: downlink.confirmGatewayDevices,
  };
  const ingest = broker
    ? await startIngest({ ...common, broker })
    : config.INGEST_AMQP_URL
      ? await startIngest({ ...common, amqpUrl: config.INGEST_AMQP_URL })
      : await startIngest({
          ...common,
          mqttUrl,
          clientId: ingestClientId(nodeName),
          shareGroup: config.MQTT_SHARE_GROUP,
        });
  const readOwnStatus = () => ingestStatusOf(ingest, broker, metrics.times);
  publishIngestStatus(readOwnStatus);
  const peers = await shareIngestStatus(db, nodeName, readOwnStatus);
  publishClusterStatus(nodeName, peers);
  // Metrics are for operators: a taken port is logged, and the platform runs on without them.
  const metricsServer = await startMetricsServer({
    registry: metrics.registry,
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    log,
  }).catch((err: unknown) => {
    log.error({ err, port: config.METRICS_PORT }, 'metrics port unavailable, /metrics not served');
    return null;
  });
  // The composition root hands the runner its jobs: the runner imports none of them (issue 31).
  const jobs = await startJobs({ db, config, log, queue }, allJobs);
  // Issue 22: commands to the OCPP chargers whose sockets this process holds (decision 0025).
  const chargerCalls = await startChargerCalls({ db, log, queue, nodeName, links: app.centralSystem.links });
  await startDeliveries({ db, config, log }, queue);

  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(`platform ready at http://localhost:${config.PORT} (database: ${db.kind}, broker: ${mqttUrl})`);

  // The demo OCPP chargers connect to this process's own central system (issue 22 item 6).
  const ocppHost = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  const ocppUrl = `ws://${ocppHost.includes(':') ? `[${ocppHost}]` : ocppHost}:${(app.server.address() as AddressInfo).port}/ocpp`;
  // The demo gateway (issue 32) needs the embedded broker: an external one does not hand the ingest a
  // gateway's announcements yet (docs/gateway.md, "Brokers").
  const gatewayDemo = config.SIMULATOR_GATEWAY && broker !== null;
  if (config.SIMULATOR && config.SIMULATOR_GATEWAY && !broker)
    log.info('demo gateway site not run: it needs the embedded broker (docs/gateway.md, "The demo")');
  const simulator = config.SIMULATOR
    ? await startSimulator({
        db,
        config,
        log,
        mqttUrl,
        ocppUrl,
        gatewayDemo,
        solarDemo: config.SIMULATOR_SOLAR,
        solarChanged: (stationId) => app.solarCharging?.siteChanged(stationId) ?? Promise.resolve(),
      })
    : null;

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await simulator?.stop();
    await jobs.stop();
    await commands.stop();
    await app.close();
    await chargerCalls.stop();
    await queue.stop();
    await downlink.close();
    await metricsServer?.close();
    await peers.stop();
    await ingest.stop();
    await broker?.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
