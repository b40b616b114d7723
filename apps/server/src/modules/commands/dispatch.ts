/**
 * Sending commands (docs/commands.md "How a command travels"): a job of the `device-command` queue per
 * device (pg-boss `stately` policy keyed by the device: at most one dispatch of a device queued and one
 * running, on any server process), handled a fetched batch of devices at a time. A dispatch expires what is stale, leaves the device's commands queued
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
import { claimEach, expireStaleOf, findParamDevices } from './dispatch-sql';
import type { Downlink } from './downlink';
import { type ParamDevice, unsend } from './repo';

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
 * Dispatch workers on one process, each taking up to COMMAND_BATCH devices' jobs per fetch and
 * dispatching them together (dispatchDevices: three statements per batch, not three per device);
 * `stately` and the one-in-flight index keep each device to one at a time. Measured in docs/commands.md
 * "Measured": one job at a time drained 1,000 commands asked at once at about 60 a second.
 */
export const COMMAND_WORKERS = 2;
/** Dispatch jobs fetched and handled together by one worker. */
export const COMMAND_BATCH = 100;

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

/** The key that keeps a device to one dispatch queued (`stately`). */
const dispatchKey = (deviceId: number) => `device:${deviceId}`;

/**
 * Adds a dispatch of the device's queued commands. A dispatch already queued for the device makes this
 * one unnecessary (null).
 */
export function kickDevice(queue: JobQueue, deviceId: number): Promise<string | null> {
  return queue.send(COMMAND_QUEUE, { deviceId } satisfies DispatchJob, {
    singletonKey: dispatchKey(deviceId),
  });
}

/**
 * Adds a dispatch for each of `deviceIds` inside `tx`, in one statement: it exists exactly when the
 * commands recorded in that transaction do (devices with a dispatch queued already are skipped).
 */
export function kickDevices(queue: JobQueue, deviceIds: readonly number[], tx: Tx): Promise<void> {
  return queue.sendMany(
    COMMAND_QUEUE,
    [...new Set(deviceIds)].map((deviceId) => ({
      data: { deviceId } satisfies DispatchJob,
      singletonKey: dispatchKey(deviceId),
    })),
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

/** What a dispatch did for one device: the command it published, or the error its job retries with. */
export interface DispatchOutcome {
  deviceId: number;
  commandId: string | null;
  error: Error | null;
}

/**
 * One dispatch of each device of `deviceIds` (a fetched batch of jobs): three statements for the whole
 * batch (read the devices, expire what is stale, claim each online device's next command), then the
 * publishes side by side. A device offline is left to wait for its connection.
 * @returns one outcome per id, in order; a failed publish puts its command back in the queue and
 *   answers its error (that device's job is retried).
 */
export async function dispatchDevices(
  deps: DispatchDeps,
  deviceIds: readonly number[],
): Promise<DispatchOutcome[]> {
  const { db } = deps;
  const devices = new Map((await findParamDevices(db, deviceIds)).map((d) => [d.id, d]));
  await expireStaleOf(db, deviceIds);
  const online: number[] = [];
  for (const device of devices.values()) {
    if (device.stationId === null) continue;
    if (isOnline(deps, device)) online.push(device.id);
    else deps.waitFor(device.id, device.serialNumber);
  }
  const claimed = new Map((await claimEach(db, online)).map((c) => [c.deviceId, c]));
  const published = new Map<number, Error | null>();
  await Promise.all(
    [...claimed.values()].map(async (command) => {
      const device = devices.get(command.deviceId)!;
      const message: CommandMessage = {
        id: command.id,
        type: 'setParams',
        params: command.params as CommandMessage['params'],
        ts: Date.now(),
        expiresAt: new Date(command.expiresAt).getTime(),
      };
      try {
        await deps.downlink.publish(device.serialNumber, message);
        published.set(device.id, null);
        deps.log.debug({ deviceId: device.id, commandId: command.id }, 'command sent');
      } catch (err) {
        await unsend(db, command.id);
        published.set(device.id, err instanceof Error ? err : new Error(String(err)));
      }
    }),
  );
  return deviceIds.map((deviceId) => {
    const error = published.get(deviceId) ?? null;
    const commandId = published.has(deviceId) && !error ? claimed.get(deviceId)!.id : null;
    return { deviceId, commandId, error };
  });
}
