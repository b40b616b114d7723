/**
 * Embedded MQTT broker (aedes 1.x, MQTT 3.1.1) used when MQTT_URL is unset: plain TCP on MQTT_PORT
 * (0 = a free port), devices authenticated by serial number + secret, topics authorised per device
 * (broker-auth.ts). The ingest connects as a privileged internal client whose credentials are made
 * in memory here and handed over as `EmbeddedBroker.internal` (the simulator and tests use it); the
 * ingest itself is attached in-process (`attachIngest`).
 * A packet over DEVICE_LIMITS.maxPacketBytes closes the sender's connection (packet-guard.ts).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { DEVICE_LIMITS, parseDeviceTopic, topics } from '@ems/contract/telemetry';
import { Aedes, type Client, type Subscription } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, socketLimitsOf } from '../config';
import type { DbHandle } from '../db/client';
import { guardSockets } from '../shared/socket-guard';
import { createBrokerAuth, type InternalCredentials, type PublishInterceptor } from './broker-auth';
import { createPacketSizeGuard } from './packet-guard';
import { createRateLimitedLog } from './rate-limited-log';

/** Counters of the embedded broker since start. */
export interface BrokerStats {
  /** Connections closed for a packet over DEVICE_LIMITS.maxPacketBytes. */
  oversizePackets: number;
}

/** A running embedded broker. */
export interface EmbeddedBroker {
  /** The TCP port actually bound (MQTT_PORT, or the free port chosen when it is 0). */
  port: number;
  /** Loopback URL of the broker, without credentials. */
  url: string;
  /** Credentials of the privileged internal client (ingest, downlink). */
  internal: InternalCredentials;
  /** Number of connected clients. */
  connectedClients(): number;
  stats(): BrokerStats;
  /**
   * Hands every device's telemetry and status to the ingest in-process, each PUBACK held until the
   * handler's promise settles (PublishInterceptor). With `holdForIngest`, publishes made before an
   * ingest is attached wait for it. @returns detach.
   */
  attachIngest(handler: PublishInterceptor): () => void;
  /**
   * Publishes as the platform (QoS 1): device commands (docs/device-protocol.md §7), not retained; a
   * gateway's device confirmations (§11) with `retain`.
   */
  publish(topic: string, payload: Buffer, retain?: boolean): Promise<void>;
  /** Whether the device with client id `sn` is connected now. */
  isConnected(sn: string): boolean;
  /**
   * Calls `listener` with the serial number of each device that subscribes to its command topic: it is
   * connected and a command published now reaches it.
   */
  onCommandSubscribe(listener: (sn: string) => void): () => void;
  /** Disconnects every client and closes the port. */
  stop(): Promise<void>;
}

/** Starts aedes on `config.MQTT_PORT` (host `config.HOST`). */
export async function startEmbeddedBroker(deps: {
  db: DbHandle;
  config: Config;
  log: FastifyBaseLogger;
  /**
   * Telemetry waits (unacknowledged) for an ingest to be attached, rather than passing through: the
   * platform's broker, so nothing is acknowledged that no ingest took. False for a plain broker (tests).
   */
  holdForIngest?: boolean;
}): Promise<EmbeddedBroker> {
  const { db, config, log } = deps;
  let handler: PublishInterceptor | null = null;
  let attached!: () => void;
  let whenAttached = new Promise<void>((r) => {
    attached = r;
  });
  const intercept: PublishInterceptor = (topic, payload, qos) => {
    const kind = parseDeviceTopic(topic)?.kind;
    if (
      kind !== 'telemetry' &&
      kind !== 'status' &&
      kind !== 'alarm' &&
      kind !== 'commandAck' &&
      kind !== 'gatewayDevices'
    )
      return undefined;
    if (handler) return handler(topic, payload, qos);
    if (!deps.holdForIngest) return undefined;
    return whenAttached.then(() => handler?.(topic, payload, qos));
  };
  const internal: InternalCredentials = {
    username: `$ems-internal-${randomBytes(6).toString('hex')}`,
    password: randomBytes(32).toString('base64url'),
  };
  const auth = createBrokerAuth(db, internal, intercept);
  const aedes = await Aedes.createBroker({
    authenticate: auth.authenticate,
    authorizePublish: auth.authorizePublish,
    authorizeSubscribe: auth.authorizeSubscribe,
    // A logger that was offline replays up to 1000 samples per message; allow a few such messages queued.
    queueLimit: 1000,
  });
  aedes.on('clientError', (client, err) =>
    log.debug({ clientId: client.id, err: err.message }, 'mqtt client error'),
  );
  aedes.on('connectionError', (client, err) =>
    log.debug({ clientId: client.id, err: err.message }, 'mqtt connection error'),
  );

  // Who is connected (client ids), for the command dispatcher: aedes keeps no typed list of its own.
  const connected = new Set<string>();
  aedes.on('clientReady', (client) => connected.add(client.id));
  aedes.on('clientDisconnect', (client) => connected.delete(client.id));
  // Issue 32: a gateway takes the commands of the devices it reads (broker-auth allowed the subscription);
  // such a device is reachable while its gateway is connected.
  const gatewayOf = new Map<string, string>();
  aedes.on('subscribe', (subscriptions, client) => {
    for (const sub of subscriptions) {
      const t = parseDeviceTopic(sub.topic);
      if (t?.kind === 'command' && t.sn !== client.id) gatewayOf.set(t.sn, client.id);
    }
  });

  const stats: BrokerStats = { oversizePackets: 0 };
  const oncePerDevice = createRateLimitedLog(log, 3_600_000);
  const server = createServer((conn: Socket) => {
    aedes.handle(conn);
    // Added after aedes' 'readable' listener, so it sees each chunk aedes reads without changing the flow.
    const guard = createPacketSizeGuard(DEVICE_LIMITS.maxPacketBytes, (bytes) => {
      stats.oversizePackets++;
      const clientId = (conn as Socket & { client?: Client }).client?.id ?? null;
      const who = clientId ?? conn.remoteAddress ?? 'unknown';
      oncePerDevice(
        `oversize:${who}`,
        { clientId, remoteAddress: conn.remoteAddress, bytes, limit: DEVICE_LIMITS.maxPacketBytes },
        'MQTT packet over the size limit, connection closed',
      );
    });
    conn.on('data', (chunk: Buffer) => {
      if (!guard(chunk)) conn.destroy();
    });
  });
  // The same socket hygiene as the HTTP listener (issue 31): aedes' own CONNECT timeout is 30 s.
  guardSockets(server, socketLimitsOf(config));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.MQTT_PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.MQTT_PORT;
  log.info({ port }, 'embedded MQTT broker listening');

  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    internal,
    connectedClients: () => aedes.connectedClients,
    stats: () => ({ ...stats }),
    attachIngest: (h) => {
      handler = h;
      attached();
      return () => {
        if (handler !== h) return;
        handler = null;
        whenAttached = new Promise<void>((r) => {
          attached = r;
        });
      };
    },
    publish: (topic, payload, retain = false) =>
      new Promise<void>((resolve, reject) => {
        aedes.publish({ cmd: 'publish', topic, payload, qos: 1, retain, dup: false }, (err?: Error | null) =>
          err ? reject(err) : resolve(),
        );
      }),
    isConnected: (sn) => connected.has(sn) || connected.has(gatewayOf.get(sn) ?? ''),
    onCommandSubscribe: (listener) => {
      const handler = (subscriptions: Subscription[], client: Client) => {
        if (subscriptions.some((sub) => sub.topic === topics.command(client.id))) listener(client.id);
        // A gateway subscribing for the devices it reads (issue 32): each of them is reachable now.
        for (const sub of subscriptions) {
          const t = parseDeviceTopic(sub.topic);
          if (t?.kind === 'command' && t.sn !== client.id) listener(t.sn);
        }
      };
      aedes.on('subscribe', handler);
      return () => aedes.off('subscribe', handler);
    },
    stop: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
