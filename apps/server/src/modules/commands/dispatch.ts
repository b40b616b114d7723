/**
 * Sending commands (docs/commands.md "How a command travels"): a job of the `device-command` queue per
 * device (pg-boss `stately` policy keyed by the device: at most one dispatch of a device queued and one
 * running, on any server process). A dispatch expires what is stale, leaves the device's commands queued
 * while it is offline (it runs again when the device connects), takes the oldest queued command into
 * flight unless one already is (device_commands_one_in_flight) and publishes it. The device's answer, its
 * timeout (sweep.ts) or its connecting add the next dispatch.
 */
import { COMMAND_ACK_TIMEOUT_S, type CommandMessage } from '@ems/contract/api/device-commands';
import { DEVICE_OFFLINE_AFTER_MS } from '@ems/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { JobQueue, QueueDefinition } from '../../jobs/queue';
import type { Tx } from '../mail/outbox';
import type { Downlink } from './downlink';
import { claimNext, expireStale, findParamDevice, type ParamDevice, unsend } from './repo';

/** The queue of dispatches. */
export const COMMAND_QUEUE = 'device-command';

/**
 * One dispatch per device queued and one running (`stately`); a failed publish is retried with backoff
 * (the command stays queued meanwhile); a dispatch never runs long (a publish that hangs is given up).
 */
export const COMMAND_QUEUE_DEFINITION: QueueDefinition = {
  name: COMMAND_QUEUE,
  policy: 'stately',
  retryLimit: 20,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: COMMAND_ACK_TIMEOUT_S * 2,
  deleteAfterSeconds: 3600,
};

/**
 * Dispatch workers on one process. A dispatch mostly waits (database round trips, the broker taking the
 * publish), so several devices' dispatches run side by side; `stately` and the one-in-flight index keep
 * each device to one at a time. Measured in docs/commands.md "Measured": with one worker 1,000 commands
 * asked at once drained at about 60 a second.
 */
export const COMMAND_WORKERS = 4;

/** Job data of a dispatch. */
export interface DispatchJob {
  deviceId: number;
}

/**
 * Declares the dispatch queue in this process (once; later calls return at once): call before a
 * transaction that adds a dispatch (jobs/queue.ts send).
 */
export function declareDispatch(queue: JobQueue): Promise<void> {
  return queue.declare([COMMAND_QUEUE_DEFINITION]);
}

/**
 * Adds a dispatch of the device's queued commands (inside `tx` when given: it exists exactly when the
 * command does). A dispatch already queued for the device makes this one unnecessary (null).
 */
export function kickDevice(queue: JobQueue, deviceId: number, tx?: Tx): Promise<string | null> {
  return queue.send(
    COMMAND_QUEUE,
    { deviceId } satisfies DispatchJob,
    { singletonKey: `device:${deviceId}` },
    tx,
  );
}

/** What a dispatch needs. */
export interface DispatchDeps {
  db: DbHandle;
  log: FastifyBaseLogger;
  downlink: Downlink;
  /** Whether a device the broker cannot see (external broker) sent a status "online" lately. */
  recentlyOnline(sn: string): boolean;
  /** The device has queued commands but is offline: dispatch it again when it shows up. */
  waitFor(deviceId: number, sn: string): void;
}

/** Whether the device can take a command now: connected (embedded broker), else heard from lately. */
function isOnline(deps: DispatchDeps, device: ParamDevice): boolean {
  const known = deps.downlink.connected(device.serialNumber);
  if (known !== undefined) return known;
  const seen = device.lastSeenAt ? new Date(device.lastSeenAt).getTime() : 0;
  return Date.now() - seen < DEVICE_OFFLINE_AFTER_MS || deps.recentlyOnline(device.serialNumber);
}

/**
 * One dispatch of device `deviceId`. @returns the id of the command published, or null.
 * @throws when the publish fails (the command is queued again and the job retried).
 */
export async function dispatchDevice(deps: DispatchDeps, deviceId: number): Promise<string | null> {
  const { db } = deps;
  const device = await findParamDevice(db, deviceId);
  await expireStale(db, deviceId, device?.stationId ?? null);
  if (!device || device.stationId === null) return null;
  if (!isOnline(deps, device)) {
    deps.waitFor(deviceId, device.serialNumber);
    return null;
  }
  const command = await claimNext(db, deviceId);
  if (!command) return null;
  const message: CommandMessage = {
    id: command.id,
    type: 'setParams',
    params: command.params as CommandMessage['params'],
    ts: Date.now(),
    expiresAt: new Date(command.expiresAt).getTime(),
  };
  try {
    await deps.downlink.publish(device.serialNumber, message);
  } catch (err) {
    await unsend(db, command.id);
    throw err;
  }
  deps.log.debug({ deviceId, commandId: command.id }, 'command sent');
  return command.id;
}
