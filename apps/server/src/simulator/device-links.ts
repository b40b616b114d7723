/**
 * One MQTT connection per simulated device, as a real data logger would hold it: client id and username
 * = serial number, password = its secret, persistent session (clean: false), QoS 1, a retained
 * `{"online":false}` will on its status topic, `{"online":true}` retained after each connect, and a
 * subscription to its own command topic (commands are acknowledged on command/ack). A device that
 * cannot connect keeps retrying in the background, like a logger would; nothing here waits on it forever.
 */
import { topics } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';

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

function openDevice(url: string, d: DeviceLogin, log: FastifyBaseLogger): MqttClient {
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
    let id: unknown;
    try {
      id = (JSON.parse(payload.toString()) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    log.info({ sn: d.sn }, 'simulated device received a command');
    // The demo devices accept every command; the ack carries the command's id (device-protocol.md §7).
    if (typeof id === 'string' || typeof id === 'number') {
      client.publish(topics.commandAck(d.sn), JSON.stringify({ id, status: 'applied', ts: Date.now() }), {
        qos: 1,
      });
    }
  });
  return client;
}

/** Connects every device; resolves when all are connected or after `waitMs`, whichever comes first. */
export async function openDeviceLinks(
  url: string,
  devices: DeviceLogin[],
  log: FastifyBaseLogger,
  waitMs = 10_000,
): Promise<DeviceLinks> {
  const clients = new Map<string, MqttClient>();
  for (const d of devices) clients.set(d.sn, openDevice(url, d, log));
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
