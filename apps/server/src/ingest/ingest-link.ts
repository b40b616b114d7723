/**
 * The ingest's MQTT connection. MQTT 5 with a shared subscription `$share/{group}/ems/v1/+/telemetry`, so
 * several ingest nodes split the devices' traffic; a broker that refuses MQTT 5 (aedes 1.x speaks 3.1.1
 * only) gets MQTT 3.1.1 and the plain topic, as does a broker that refuses the shared subscription.
 * Messages are handed to `onMessage` one at a time; the PUBACK goes out when it returns (or its promise
 * settles), which is how the ingest slows the broker down when its write queue is full.
 */

import { topics } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** Options of openIngestLink. */
export interface IngestLinkOptions {
  url: string;
  username?: string;
  password?: string;
  clientId: string;
  /** Keep the broker session (and queued QoS 1 messages) while this node restarts. */
  persistentSession: boolean;
  shareGroup: string;
  log: FastifyBaseLogger;
  onMessage(topic: string, payload: Buffer): void | Promise<void>;
}

/** How the link ended up subscribed. */
export interface IngestLinkInfo {
  protocolVersion: 4 | 5;
  shared: boolean;
}

/** Every device's telemetry and status topics (`+`: the serial number level). */
const TELEMETRY = topics.telemetry('+');
const STATUS = topics.status('+');
/** CONNACK codes meaning "protocol version not supported": 3.1.1 (1) and 5 (0x84). */
const UNSUPPORTED_PROTOCOL = new Set([1, 0x84]);

/** Connects and subscribes; `ready` resolves on the first successful subscription. */
export function openIngestLink(opts: IngestLinkOptions): {
  ready: Promise<IngestLinkInfo>;
  close(): Promise<void>;
} {
  const { log } = opts;
  let client: MqttClient | null = null;
  let closed = false;
  let resolveReady!: (info: IngestLinkInfo) => void;
  const ready = new Promise<IngestLinkInfo>((r) => {
    resolveReady = r;
  });

  async function subscribe(c: MqttClient, version: 4 | 5): Promise<IngestLinkInfo> {
    await c.subscribeAsync(STATUS, { qos: 1 });
    if (version === 5) {
      try {
        // A refused subscription (SUBACK code >= 0x80) rejects.
        await c.subscribeAsync(`$share/${opts.shareGroup}/${TELEMETRY}`, { qos: 1 });
        return { protocolVersion: 5, shared: true };
      } catch (err) {
        log.warn({ err }, 'broker refused the shared subscription; every ingest node receives every message');
      }
    }
    await c.subscribeAsync(TELEMETRY, { qos: 1 });
    return { protocolVersion: version, shared: false };
  }

  function open(version: 4 | 5): void {
    const options: IClientOptions = {
      protocolVersion: version,
      clientId: opts.clientId,
      clean: !opts.persistentSession,
      username: opts.username,
      password: opts.password,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      resubscribe: false, // subscribe() runs on every connect (idempotent), session or not
      ...(version === 5 && opts.persistentSession ? { properties: { sessionExpiryInterval: 3600 } } : {}),
    };
    const c = mqtt.connect(opts.url, options);
    client = c;
    c.handleMessage = (packet, done) => {
      let result: void | Promise<void>;
      try {
        result = opts.onMessage(packet.topic, packet.payload as Buffer);
      } catch (err) {
        log.error({ err }, 'ingest message handler failed');
        return done();
      }
      if (result) {
        result.then(
          () => done(),
          (err: unknown) => {
            log.error({ err }, 'ingest message handler failed');
            done();
          },
        );
      } else done();
    };
    c.on('connect', () => {
      log.info({ url: redact(opts.url), protocolVersion: version }, 'ingest connected to MQTT broker');
      subscribe(c, version).then(
        (info) => resolveReady(info),
        (err: unknown) => log.error({ err }, 'ingest subscription failed'),
      );
    });
    c.on('error', (err) => {
      const code = (err as { code?: number }).code;
      if (version === 5 && code !== undefined && UNSUPPORTED_PROTOCOL.has(code)) {
        log.info('broker does not speak MQTT 5; using MQTT 3.1.1 without shared subscriptions');
        c.end(true);
        if (!closed) open(4);
        return;
      }
      log.warn({ err: err.message }, 'ingest MQTT error');
    });
    c.on('offline', () => {
      if (!closed && client === c) log.warn('ingest disconnected from MQTT broker, reconnecting');
    });
  }

  open(5);
  return {
    ready,
    close: async () => {
      closed = true;
      await client?.endAsync();
    },
  };
}

/** The URL without its password, for logs. */
export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
