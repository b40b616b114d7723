/**
 * Test util: a data logger's side of docs/device-protocol.md §7 over a real MQTT connection. It
 * subscribes to its command topic, answers each command as told (applied, failed with a reason, or not at
 * all), keeps the values it applied, answers a command id it has seen again without applying it twice,
 * and reports its parameters in telemetry.
 */
import type { CommandMessage } from '@ems/contract/api/device-commands';
import type { DeviceParamsPatch } from '@ems/contract/api/device-params';
import { paramsToPoints } from '@ems/contract/api/device-params-points';
import { topics } from '@ems/contract/telemetry';
import type { MqttClient } from 'mqtt';
import type { TestDevice, TestIngest } from '../../ingest/test-ingest';

/** How the logger answers a command. */
export type Answer = 'applied' | 'failed' | 'silent';

/** A connected test logger. */
export interface TestLogger {
  device: TestDevice;
  client: MqttClient;
  /** Every command received, in order (redeliveries included). */
  received: CommandMessage[];
  /** How many times each id was applied (never more than once). */
  applied: Map<string, number>;
  /** The values it holds. */
  params: DeviceParamsPatch;
  answer: Answer;
  /** Publishes one telemetry sample reporting every parameter it holds, at `ts` (default now). */
  report(ts?: number): Promise<void>;
  close(): Promise<void>;
}

/** Connects `device` as a logger that answers `answer` (changeable later through `logger.answer`). */
export async function connectLogger(
  ti: Pick<TestIngest, 'connectDevice'>,
  device: TestDevice,
  answer: Answer,
  params: DeviceParamsPatch = {},
): Promise<TestLogger> {
  const client = await ti.connectDevice(device);
  const logger: TestLogger = {
    device,
    client,
    received: [],
    applied: new Map(),
    params: { ...params },
    answer,
    report: async (ts = Date.now()) => {
      const points = { W: 1000, ...paramsToPoints(logger.params) };
      await client.publishAsync(topics.telemetry(device.sn), JSON.stringify({ ts, points }), { qos: 1 });
    },
    close: () => client.endAsync(true),
  };
  const answers = new Map<string, { status: 'applied' | 'failed'; reason?: string }>();
  client.on('message', (topic, payload) => {
    if (topic !== topics.command(device.sn)) return;
    const command = JSON.parse(payload.toString()) as CommandMessage;
    logger.received.push(command);
    if (logger.answer === 'silent') return;
    let result = answers.get(command.id);
    if (!result) {
      if (logger.answer === 'applied') {
        Object.assign(logger.params, command.params);
        logger.applied.set(command.id, (logger.applied.get(command.id) ?? 0) + 1);
        result = { status: 'applied' };
      } else {
        result = { status: 'failed', reason: 'no battery connected' };
      }
      answers.set(command.id, result);
    }
    const ack = { id: command.id, ...result, ts: Date.now() };
    // A test that stops the connection with an answer unsent loses the answer, as a real logger would.
    client.publishAsync(topics.commandAck(device.sn), JSON.stringify(ack), { qos: 1 }).catch(() => {});
  });
  await client.subscribeAsync(topics.command(device.sn), { qos: 1 });
  await client.publishAsync(topics.status(device.sn), JSON.stringify({ online: true }), {
    qos: 1,
    retain: true,
  });
  return logger;
}
