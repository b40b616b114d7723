/**
 * One MQTT connection per simulated device, as a real data logger would hold it: client id and username
 * = serial number, password = its secret, persistent session (clean: false), QoS 1, a retained
 * `{"online":false}` will on its status topic, `{"online":true}` retained after each connect, and a
 * subscription to its own command topic: each command goes to `onCommand` (sim-settings.ts), whose answer
 * is published on command/ack with QoS 1 (docs/device-protocol.md §7). A device that
 * cannot connect keeps retrying in the background, like a logger would; nothing here waits on it forever.
 */
import { topics } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';

/** Decides the answer to a message of a device's command topic (null: nothing to answer). */
export type CommandHandler = (sn: string, payload: Buffer) => Promise<object | null>;

/** Credentials of one device. */
export interface DeviceLogin {
  sn: string;
  secret: string;
}

/** Connections of a fleet of devices. */
export interface DeviceLinks {
  /** The device's client when it is connected now. */
  connected(sn: string): MqttClient | undefined;
  /** The device's client, connected or not. */
  get(sn: string): MqttClient | undefined;
  /** Publishes `{"online":false}` (retained) where connected and disconnects every device. */
  close(): Promise<void>;
}

const statusBody = (online: boolean) => JSON.stringify({ online, ts: Date.now() });

function openDevice(
  url: string,
  d: DeviceLogin,
  log: FastifyBaseLogger,
  onCommand: CommandHandler,
): MqttClient {
  const client = mqtt.connect(url, {
    clientId: d.sn,
    username: d.sn,
    password: d.secret,
    clean: false,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    will: { topic: topics.status(d.sn), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
  client.on('connect', () => {
    client.subscribe(topics.command(d.sn), { qos: 1 });
    client.publish(topics.status(d.sn), statusBody(true), { qos: 1, retain: true });
  });
  client.on('error', (err) => log.warn({ sn: d.sn, err: err.message }, 'simulated device cannot connect'));
  client.on('message', (topic, payload) => {
    if (topic !== topics.command(d.sn)) return;
    onCommand(d.sn, payload)
      .then((answer) => {
        if (answer) client.publish(topics.commandAck(d.sn), JSON.stringify(answer), { qos: 1 });
      })
      // Unanswered, the platform times the command out and sends it again after a restart.
      .catch((err: unknown) => log.error({ sn: d.sn, err }, 'simulated device could not handle a command'));
  });
  return client;
}

/** Connects every device (commands to `onCommand`); resolves when all are connected or after `waitMs`, whichever comes first. */
export async function openDeviceLinks(
  url: string,
  devices: DeviceLogin[],
  log: FastifyBaseLogger,
  onCommand: CommandHandler,
  waitMs = 10_000,
): Promise<DeviceLinks> {
  const clients = new Map<string, MqttClient>();
  for (const d of devices) clients.set(d.sn, openDevice(url, d, log, onCommand));
  const until = Date.now() + waitMs;
  const allConnected = () => [...clients.values()].every((c) => c.connected);
  while (!allConnected() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  const missing = [...clients.values()].filter((c) => !c.connected).length;
  if (missing > 0)
    log.warn({ missing, url }, 'some simulated devices are not connected yet; they keep trying');

  return {
    connected: (sn) => {
      const c = clients.get(sn);
      return c?.connected ? c : undefined;
    },
    get: (sn) => clients.get(sn),
    close: async () => {
      await Promise.all(
        [...clients.entries()].map(async ([sn, c]) => {
          if (c.connected) {
            const sent = c.publishAsync(topics.status(sn), statusBody(false), { qos: 1, retain: true });
            await Promise.race([sent, new Promise((r) => setTimeout(r, 2000))]).catch(() => {});
          }
          await c.endAsync(!c.connected);
        }),
      );
    },
  };
}
