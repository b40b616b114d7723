/**
 * The ingest's connection to an external broker (docs/decisions/0011-acknowledge-after-commit.md).
 * Persistent session with a stable client id and a **non-shared** subscription to every device's
 * telemetry and status, so a broker that persists sessions (Mosquitto) queues telemetry for this node
 * while it or the broker restarts. A shared subscription (`$share/{group}/…`, MQTT 5) splits traffic
 * between nodes but Mosquitto does not keep it across its restart: it is used only when `shareGroup` is
 * set (EMQX persists shared subscriptions). A broker that refuses MQTT 5 gets MQTT 3.1.1.
 *
 * Acknowledge after commit: mqtt.js sends a QoS 1 PUBACK from `handleMessage`'s callback and handles
 * the next packet of the connection only after it. Calling that callback with an error skips its PUBACK
 * (mqtt.js 5.x, lib/handlers/publish.js) and lets the stream go on at once; the PUBACK is sent here when
 * `onMessage`'s promise resolves, in the order the messages arrived, on the connection they arrived on.
 * A message whose connection dropped before its commit is not acknowledged: the broker resends it
 * after the reconnect, and the duplicate is ignored by (device, ts).
 */

import { topics } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** Options of openIngestLink. */
export interface IngestLinkOptions {
  /** mqtt://[user:pass@]host:port: the credentials are sent in CONNECT, never logged. */
  url: string;
  clientId: string;
  /** Keep the broker session (and queued QoS 1 messages) while this node restarts. */
  persistentSession: boolean;
  /** Shared-subscription group; unset: a plain subscription (kept by every broker's persistence). */
  shareGroup?: string;
  /** QoS 1 messages the broker may send before their PUBACKs (MQTT 5 Receive Maximum). */
  receiveMaximum?: number;
  log: FastifyBaseLogger;
  /**
   * Handles one message; a returned promise means "acknowledge when it resolves" (it rejects: never
   * acknowledged on this connection). A throw or a non-promise acknowledges at once.
   */
  onMessage(topic: string, payload: Buffer, qos?: number): undefined | Promise<void>;
  /** Null when the ingest can take more now, else a promise of room (holds the next message). */
  room?(): Promise<void> | null;
  /** Link state changes (metrics). */
  onState?(connected: boolean): void;
}

/** How the link ended up subscribed. */
export interface IngestLinkInfo {
  protocolVersion: 4 | 5;
  shared: boolean;
  /** True for the embedded broker, whose telemetry the ingest takes in-process (no link). */
  inProcess?: boolean;
  /** The RabbitMQ queue consumed over AMQP (INGEST_AMQP_URL, ingest-amqp.ts); devices speak MQTT 3.1.1. */
  amqpQueue?: string;
}

/** Every device's telemetry and status topics (`+`: the serial number level). */
const TELEMETRY = topics.telemetry('+');
const STATUS = topics.status('+');
/** Issue 9: device alarm events, received like telemetry (acknowledged after commit). */
const ALARM = topics.alarm('+');
/** Issue 21: devices' answers to commands (docs/device-protocol.md §7). */
const COMMAND_ACK = topics.commandAck('+');
/** Issue 32: gateways' announcements of the devices they read (docs/device-protocol.md §11). */
const GATEWAY_DEVICES = topics.gatewayDevices('+');
/** CONNACK codes meaning "protocol version not supported": 3.1.1 (1) and 5 (0x84). */
const UNSUPPORTED_PROTOCOL = new Set([1, 0x84]);
/** Passed to handleMessage's callback so mqtt.js skips its own PUBACK (see the module comment). */
const ACK_DEFERRED = new Error('PUBACK deferred until commit');

/** mqtt.js' packet writer: not public, but the only way to send a PUBACK later. */
type PacketSender = { _sendPacket(packet: { cmd: 'puback'; messageId: number }, cb?: () => void): void };

/** Connects and subscribes; `ready` resolves on the first successful subscription. */
export function openIngestLink(opts: IngestLinkOptions): {
  ready: Promise<IngestLinkInfo>;
  close(): Promise<void>;
} {
  const { log } = opts;
  const url = new URL(opts.url);
  const username = url.username ? decodeURIComponent(url.username) : undefined;
  const password = url.username ? decodeURIComponent(url.password) : undefined;
  url.username = '';
  url.password = '';
  let client: MqttClient | null = null;
  let closed = false;
  let resolveReady!: (info: IngestLinkInfo) => void;
  const ready = new Promise<IngestLinkInfo>((r) => {
    resolveReady = r;
  });

  async function subscribe(c: MqttClient, version: 4 | 5): Promise<IngestLinkInfo> {
    await c.subscribeAsync(STATUS, { qos: 1 });
    if (version === 5 && opts.shareGroup) {
      try {
        // A refused subscription (SUBACK code >= 0x80) rejects.
        await c.subscribeAsync(`$share/${opts.shareGroup}/${TELEMETRY}`, { qos: 1 });
        await c.subscribeAsync(`$share/${opts.shareGroup}/${ALARM}`, { qos: 1 });
        await c.subscribeAsync(`$share/${opts.shareGroup}/${COMMAND_ACK}`, { qos: 1 });
        await c.subscribeAsync(`$share/${opts.shareGroup}/${GATEWAY_DEVICES}`, { qos: 1 });
        return { protocolVersion: 5, shared: true };
      } catch (err) {
        log.warn({ err }, 'broker refused the shared subscription; every ingest node receives every message');
      }
    }
    await c.subscribeAsync(TELEMETRY, { qos: 1 });
    await c.subscribeAsync(ALARM, { qos: 1 });
    await c.subscribeAsync(COMMAND_ACK, { qos: 1 });
    await c.subscribeAsync(GATEWAY_DEVICES, { qos: 1 });
    return { protocolVersion: version, shared: false };
  }

  /** PUBACKs of one connection, sent in arrival order as their commits resolve. */
  function ackQueue(c: MqttClient) {
    const stream = c.stream;
    const queue: { messageId: number; done: boolean; ok: boolean }[] = [];
    const send = (messageId: number) => {
      // Only on the connection the message came in on: an id of the old connection could name another
      // message on the new one.
      if (c.stream === stream && c.connected)
        (c as unknown as PacketSender)._sendPacket({ cmd: 'puback', messageId });
    };
    return (messageId: number, committed: Promise<void>) => {
      const entry = { messageId, done: false, ok: false };
      queue.push(entry);
      const settle = (ok: boolean) => {
        entry.done = true;
        entry.ok = ok;
        while (queue.length > 0 && queue[0]!.done) {
          const head = queue.shift()!;
          if (head.ok) send(head.messageId);
        }
      };
      committed.then(
        () => settle(true),
        (err: unknown) => {
          log.warn({ err }, 'telemetry message not committed, not acknowledged (the broker resends it)');
          settle(false);
        },
      );
    };
  }

  function open(version: 4 | 5): void {
    const options: IClientOptions = {
      protocolVersion: version,
      clientId: opts.clientId,
      clean: !opts.persistentSession,
      username,
      password,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      resubscribe: false, // subscribe() runs on every connect (idempotent), session or not
      ...(version === 5
        ? {
            properties: {
              receiveMaximum: opts.receiveMaximum ?? 1000,
              ...(opts.persistentSession ? { sessionExpiryInterval: 7 * 86_400 } : {}),
            },
          }
        : {}),
    };
    const c = mqtt.connect(url.toString(), options);
    client = c;
    let enqueueAck = ackQueue(c);
    c.handleMessage = (packet, done) => {
      let committed: undefined | Promise<void>;
      try {
        committed = opts.onMessage(packet.topic, packet.payload as Buffer, packet.qos);
      } catch (err) {
        log.error({ err }, 'ingest message handler failed');
      }
      if (!committed || packet.qos !== 1 || packet.messageId === undefined) {
        committed?.catch(() => {}); // QoS 0: nothing to acknowledge
        return done();
      }
      enqueueAck(packet.messageId, committed);
      const room = opts.room?.();
      if (room) room.then(() => done(ACK_DEFERRED));
      else done(ACK_DEFERRED);
    };
    c.on('connect', () => {
      enqueueAck = ackQueue(c);
      opts.onState?.(true);
      log.info({ url: redact(opts.url), protocolVersion: version }, 'ingest connected to MQTT broker');
      subscribe(c, version).then(
        (info) => resolveReady(info),
        (err: unknown) => log.error({ err }, 'ingest subscription failed'),
      );
    });
    c.on('error', (err) => {
      const code = (err as { code?: number }).code;
      if (version === 5 && code !== undefined && UNSUPPORTED_PROTOCOL.has(code)) {
        log.info('broker does not speak MQTT 5; using MQTT 3.1.1');
        c.end(true);
        if (!closed) open(4);
        return;
      }
      log.warn({ err: err.message }, 'ingest MQTT error');
    });
    c.on('offline', () => {
      if (closed || client !== c) return;
      opts.onState?.(false);
      log.warn('ingest disconnected from MQTT broker, reconnecting');
    });
  }

  open(5);
  return {
    ready,
    close: async () => {
      closed = true;
      await client?.endAsync();
      opts.onState?.(false);
    },
  };
}

/** The URL without its password, for logs. */
export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
