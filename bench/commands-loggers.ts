/**
 * Child process of bench/commands.ts: plays `devices` data loggers over MQTT, each connected as itself,
 * answering commands as docs/device-protocol.md §7 says (the test logger of the commands module: applied
 * once per id, answered on `…/command/ack` with QoS 1) and, when `report` is set, publishing a telemetry
 * sample with its parameters right after each answer (so the command becomes verified). Sends `{ready}`
 * once every logger is connected and subscribed; on `{stop}` it disconnects and sends back when each
 * command reached its logger.
 */
import mqtt from 'mqtt';
import { connectLogger, type TestLogger } from '../apps/server/src/modules/commands/test-logger';
import { wallMs } from './stats';

/** What the parent asks for. */
export interface LoggersJob {
  url: string;
  devices: { id: number; sn: string; secret: string; stationId: number }[];
  /** The values each logger holds at the start. */
  params: Record<string, unknown>;
  /** Report the parameters after each answer. */
  report: boolean;
}

/** The child's last message: command id → when its logger received it (wall clock ms, first delivery). */
export interface LoggersResult {
  received: Record<string, number>;
}

/** Connections opened at the same time while starting. */
const CONNECTING = 50;

process.once('message', async (job: LoggersJob) => {
  const received: Record<string, number> = {};
  const loggers: TestLogger[] = [];
  const connectDevice = (d: { sn: string; secret: string }) =>
    mqtt.connectAsync(job.url, { username: d.sn, password: d.secret, clientId: d.sn, reconnectPeriod: 0 });
  for (let i = 0; i < job.devices.length; i += CONNECTING) {
    const group = job.devices.slice(i, i + CONNECTING);
    loggers.push(
      ...(await Promise.all(group.map((d) => connectLogger({ connectDevice }, d, 'applied', job.params)))),
    );
  }
  for (const logger of loggers) {
    // After the test logger's own listener: the answer is published first, then the report.
    logger.client.on('message', (_topic, payload) => {
      const { id } = JSON.parse(payload.toString()) as { id: string };
      if (received[id] !== undefined) return;
      received[id] = wallMs();
      if (job.report) logger.report().catch(() => {});
    });
  }
  process.send!({ ready: loggers.length });
  process.once('message', async () => {
    await Promise.all(loggers.map((l) => l.close()));
    process.send!({ received } satisfies LoggersResult, () => process.exit(0));
  });
});
