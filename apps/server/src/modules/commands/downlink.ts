/**
 * How the platform reaches a device (docs/device-protocol.md §7): publishes a command on
 * `ems/v1/{SN}/command` with QoS 1, through the embedded broker in-process, or with a client of its own on
 * an external broker (MQTT_URL; the broker's ACL must let it write `ems/v1/+/command`).
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { CommandMessage } from '@ems/contract/api/device-commands';
import { type GatewayConfirmedPayload, topics } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { EmbeddedBroker } from '../../ingest/broker';
import { redact } from '../../ingest/ingest-link';

/** The platform's way to its devices. */
export interface Downlink {
  /** Publishes `message` to the device `sn` (QoS 1); resolves once the broker took it. */
  publish(sn: string, message: CommandMessage): Promise<void>;
  /**
   * Confirms to gateway `gatewaySn` that it may publish for each of `sns` (issue 32): a retained QoS 1
   * message on each `ems/v1/{SN}/gateway/confirmed` (docs/device-protocol.md §11); resolves once the broker
   * took them all.
   */
  confirmGatewayDevices(gatewaySn: string, sns: readonly string[]): Promise<void>;
  /** Whether the device is connected now; undefined when the broker cannot tell (external broker). */
  connected(sn: string): boolean | undefined;
  /**
   * Calls `listener` with the serial number of each device that connects and subscribes to its command
   * topic (embedded broker; an external broker's devices are noticed by their status and telemetry).
   * @returns unsubscribe.
   */
  onConnect(listener: (sn: string) => void): () => void;
  close(): Promise<void>;
}

function confirmation(gatewaySn: string): string {
  const body: GatewayConfirmedPayload = { gateway: gatewaySn };
  return JSON.stringify(body);
}

/** The embedded broker's downlink: publishes in-process and knows who is connected. */
export function embeddedDownlink(broker: EmbeddedBroker): Downlink {
  return {
    publish: (sn, message) => broker.publish(topics.command(sn), Buffer.from(JSON.stringify(message))),
    confirmGatewayDevices: async (gatewaySn, sns) => {
      const payload = Buffer.from(confirmation(gatewaySn));
      await Promise.all(sns.map((sn) => broker.publish(topics.gatewayConfirmed(sn), payload, true)));
    },
    connected: (sn) => broker.isConnected(sn),
    onConnect: (listener) => broker.onCommandSubscribe(listener),
    close: async () => {},
  };
}

/**
 * A downlink over an external broker at `url` (credentials in it): one MQTT client of this process,
 * `ems-commands-{hostname}-{random}`, clean session (it only publishes).
 */
export function externalDownlink(url: string, log: FastifyBaseLogger): Downlink {
  const u = new URL(url);
  const username = u.username ? decodeURIComponent(u.username) : undefined;
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.username = '';
  u.password = '';
  const client: MqttClient = mqtt.connect(u.toString(), {
    clientId: `ems-commands-${hostname()}-${randomBytes(3).toString('hex')}`,
    username,
    password,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  client.on('error', (err) =>
    log.warn({ err: err.message, url: redact(url) }, 'command downlink MQTT error'),
  );
  return {
    publish: async (sn, message) => {
      await client.publishAsync(topics.command(sn), JSON.stringify(message), { qos: 1 });
    },
    confirmGatewayDevices: async (gatewaySn, sns) => {
      const payload = confirmation(gatewaySn);
      await Promise.all(
        sns.map((sn) => client.publishAsync(topics.gatewayConfirmed(sn), payload, { qos: 1, retain: true })),
      );
    },
    connected: () => undefined,
    onConnect: () => () => {},
    close: async () => {
      await client.endAsync();
    },
  };
}
