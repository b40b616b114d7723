/**
 * The gateway's MQTT connection to the platform (docs/device-protocol.md §1–3, §11): it logs in as itself
 * (client id and username = its serial number, password = its secret), with a persistent session and
 * QoS 1, and publishes for the devices it found on their own topics.
 */
import { EventEmitter } from 'node:events';
import mqtt, { type MqttClient } from 'mqtt';

const ROOT = 'ems/v1';

/** The gateway a confirmation payload `{"gateway":"GW"}` names, else undefined. */
function confirmsFor(payload: Buffer): string | undefined {
  try {
    const body: unknown = JSON.parse(payload.toString('utf8'));
    const gw = (body as { gateway?: unknown } | null)?.gateway;
    return typeof gw === 'string' ? gw : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Rethrows `err` unless it is a SUBACK refusing some of the topics (mqtt.js rejects the whole subscribe,
 * the others are granted): a gateway reading a device of another site must go on for the rest.
 */
function unlessRefused(err: unknown): void {
  const granted = (err as { packet?: { granted?: unknown } } | null)?.packet?.granted;
  if (Array.isArray(granted) && granted.some((g) => typeof g === 'number' && (g & 0x80) !== 0)) return;
  throw err;
}

/** Topics of device-protocol.md §3 and §11. */
export const gatewayTopics = {
  telemetry: (sn: string) => `${ROOT}/${sn}/telemetry`,
  alarm: (sn: string) => `${ROOT}/${sn}/alarm`,
  status: (sn: string) => `${ROOT}/${sn}/status`,
  command: (sn: string) => `${ROOT}/${sn}/command`,
  commandAck: (sn: string) => `${ROOT}/${sn}/command/ack`,
  devices: (gatewaySn: string) => `${ROOT}/${gatewaySn}/gateway/devices`,
  confirmed: (sn: string) => `${ROOT}/${sn}/gateway/confirmed`,
};

/**
 * Emits 'up' on every (re)connect, 'command' (sn, payload) for a command to one of its devices and
 * 'confirmed' (sn) when the platform confirms that this gateway may publish for device sn (§11).
 */
export class PlatformLink extends EventEmitter {
  readonly client: MqttClient;

  /** Connects to `url` (mqtt://HOST:PORT) as gateway `sn`; reconnects by itself every `reconnectMs`. */
  constructor(
    url: string,
    readonly sn: string,
    secret: string,
    reconnectMs = 2000,
  ) {
    super();
    this.client = mqtt.connect(url, {
      clientId: sn,
      username: sn,
      password: secret,
      clean: false,
      keepalive: 30,
      reconnectPeriod: reconnectMs,
      connectTimeout: 10_000,
      will: {
        topic: gatewayTopics.status(sn),
        payload: Buffer.from('{"online":false}'),
        qos: 1,
        retain: true,
      },
    });
    this.client.on('connect', () => {
      this.client.publish(gatewayTopics.status(sn), '{"online":true}', { qos: 1, retain: true });
      this.emit('up');
    });
    this.client.on('message', (topic, payload) => {
      const m = /^ems\/v1\/([^/]+)\/command$/.exec(topic);
      if (m?.[1]) this.emit('command', m[1], payload);
      const c = /^ems\/v1\/([^/]+)\/gateway\/confirmed$/.exec(topic);
      if (c?.[1] && confirmsFor(payload) === sn) this.emit('confirmed', c[1]);
    });
    // A refused login or a lost link is retried; the poller keeps buffering meanwhile.
    this.client.on('error', () => undefined);
  }

  /** True while the connection is up. */
  get connected(): boolean {
    return this.client.connected;
  }

  /** Publishes with QoS 1; resolves on the PUBACK. */
  async publish(topic: string, payload: string): Promise<void> {
    await this.client.publishAsync(topic, payload, { qos: 1 });
  }

  /** Subscribes (QoS 1) to the command topics of `sns`; a refused one is ignored. */
  async subscribeCommands(sns: string[]): Promise<void> {
    if (sns.length === 0) return;
    await this.client
      .subscribeAsync(
        sns.map((s) => gatewayTopics.command(s)),
        { qos: 1 },
      )
      .catch(unlessRefused);
  }

  /**
   * Subscribes (QoS 1) to the confirmation topics of `sns`; the retained confirmation of each comes only
   * once the broker lets this gateway read it (a refused subscription is ignored: asked `again` later).
   */
  async subscribeConfirmations(sns: string[], again = false): Promise<void> {
    if (sns.length === 0) return;
    // A broker need not send a retained message again for a subscription it already has (Mosquitto does
    // not): asking again means a new subscription.
    if (again) await this.client.unsubscribeAsync(sns.map((s) => gatewayTopics.confirmed(s)));
    await this.client
      .subscribeAsync(
        sns.map((s) => gatewayTopics.confirmed(s)),
        { qos: 1 },
      )
      .catch(unlessRefused);
  }

  /** Publishes `online: false` and disconnects. */
  async close(): Promise<void> {
    if (this.client.connected) {
      await this.client
        .publishAsync(gatewayTopics.status(this.sn), '{"online":false}', { qos: 1, retain: true })
        .catch(() => undefined);
    }
    await this.client.endAsync();
  }
}
