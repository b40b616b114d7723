/**
 * A lean MQTT 3.1.1 data logger for load generation: one TCP connection per device, packets encoded
 * and decoded by mqtt-packet (the codec mqtt.js and aedes use), QoS 1 publishes with a fixed window of
 * unacknowledged messages. It skips what mqtt.js adds per message (an outgoing store, a callback and a
 * promise, a stream write each), so that on a 2-core box the load generator leaves the cores to the
 * server under test (issue 12 §4). The packets on the wire are the same as mqtt.js sends.
 */
import { type Socket, connect as tcpConnect } from 'node:net';
import mqttPacket from 'mqtt-packet';

/** Where to connect and as whom (device serial number and secret, docs/device-protocol.md). */
export interface RawDeviceOptions {
  host: string;
  port: number;
  sn: string;
  /** Empty: connect without credentials (a test broker that lets anonymous clients in). */
  secret: string;
}

/** One device's connection; `run` publishes until told to stop. */
export interface RawDevice {
  /**
   * Publishes `next()` bodies to `topic` with QoS 1, keeping up to `window` unacknowledged, until
   * `next` returns null; resolves once every publish is acknowledged. New publishes go out in one
   * socket write per batch of acknowledgements. @returns how many were acknowledged.
   */
  run(topic: string, window: number, next: () => string | null): Promise<number>;
  /**
   * Publishes one `body` to `topic` with QoS 1 beside `run`'s stream (same connection, e.g. an alarm
   * event between samples); resolves at its acknowledgement.
   */
  publish(topic: string, body: string): Promise<void>;
  end(): Promise<void>;
}

/** Parses `mqtt://host:port`. */
export function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 1883) };
}

/** Connects and waits for the broker's CONNACK; rejects on a refusal or a socket error. */
export function connectRawDevice(opts: RawDeviceOptions): Promise<RawDevice> {
  const socket: Socket = tcpConnect({ host: opts.host, port: opts.port, noDelay: true });
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  let onAck: (() => void) | null = null;
  let onAckBatch: (() => void) | null = null;
  let connected: ((err?: Error) => void) | null = null;
  let messageId = 0;
  /** `publish`'s messages awaiting their PUBACK, by message id. */
  const single = new Map<number, () => void>();
  const nextId = () => {
    do messageId = messageId === 0xffff ? 1 : messageId + 1;
    while (single.has(messageId));
    return messageId;
  };

  parser.on('packet', (p) => {
    if (p.cmd === 'puback') {
      const id = (p as mqttPacket.IPubackPacket).messageId ?? 0;
      const resolve = single.get(id);
      if (resolve) {
        single.delete(id);
        resolve();
      } else onAck?.();
    } else if (p.cmd === 'connack') {
      const code = (p as mqttPacket.IConnackPacket).returnCode ?? 0;
      connected?.(code === 0 ? undefined : new Error(`${opts.sn}: CONNACK ${code}`));
    }
  });
  socket.on('data', (buf) => {
    parser.parse(buf);
    onAckBatch?.();
  });

  return new Promise<RawDevice>((resolve, reject) => {
    socket.once('error', reject);
    connected = (err) => {
      connected = null;
      if (err) {
        socket.destroy();
        reject(err);
        return;
      }
      resolve({ run, publish, end });
    };
    socket.write(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clientId: opts.sn,
        ...(opts.secret ? { username: opts.sn, password: Buffer.from(opts.secret) } : {}),
        clean: true,
        keepalive: 60,
      }),
    );
  });

  function run(topic: string, window: number, next: () => string | null): Promise<number> {
    let inFlight = 0;
    let acked = 0;
    let done = false;
    return new Promise<number>((resolve, reject) => {
      socket.once('error', reject);
      const fill = () => {
        const out: Buffer[] = [];
        while (!done && inFlight < window) {
          const body = next();
          if (body === null) {
            done = true;
            break;
          }
          out.push(packet(topic, body, nextId()));
          inFlight += 1;
        }
        if (out.length > 0) socket.write(out.length === 1 ? out[0]! : Buffer.concat(out));
        if (done && inFlight === 0) resolve(acked);
      };
      onAck = () => {
        inFlight -= 1;
        acked += 1;
      };
      onAckBatch = fill;
      fill();
    });
  }

  function publish(topic: string, body: string): Promise<void> {
    const id = nextId();
    return new Promise<void>((resolve) => {
      single.set(id, resolve);
      socket.write(packet(topic, body, id));
    });
  }

  function end(): Promise<void> {
    return new Promise((resolve) => {
      socket.end(mqttPacket.generate({ cmd: 'disconnect' }), () => resolve());
    });
  }
}

/** A QoS 1 PUBLISH packet. */
function packet(topic: string, payload: string, messageId: number): Buffer {
  return mqttPacket.generate({
    cmd: 'publish',
    topic,
    payload,
    qos: 1,
    messageId,
    retain: false,
    dup: false,
  });
}
