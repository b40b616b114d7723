/**
 * Remote settings on one server process (docs/commands.md): runs the dispatches of the job queue, takes
 * the devices' answers and parameter reports from the ingest (CommandHooks), and sends a waiting device
 * its queued commands when it connects (the embedded broker's client-ready event, or any message of the
 * device: its status "online" or its next telemetry). Which devices wait is re-read every
 * COMMAND_SWEEP_S, so a command queued by another process is noticed too.
 */
import { COMMAND_SWEEP_S, CommandAckSchema } from '@ems/contract/api/device-commands';
import { paramsFromPoints } from '@ems/contract/api/device-params-points';
import { DEVICE_OFFLINE_AFTER_MS } from '@ems/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { CommandHooks } from '../../ingest/ingest';
import type { JobQueue, QueueJob } from '../../jobs/queue';
import { createAckBatcher } from './ack-batch';
import {
  COMMAND_BATCH,
  COMMAND_QUEUE,
  COMMAND_QUEUE_DEFINITION,
  COMMAND_WORKERS,
  type DispatchJob,
  dispatchDevices,
  kickDevice,
} from './dispatch';
import type { Downlink } from './downlink';
import { devicesWithQueued } from './repo';
import { createReportBatcher } from './report-batch';

/** Counters since start (tests, the log). */
export interface CommandStats {
  sent: number;
  acks: number;
  /** Answers ignored: a second answer of the same id, an unknown id, or another device's. */
  duplicateAcks: number;
  invalidAcks: number;
  verified: number;
}

/** Remote settings running on this process. */
export interface CommandRuntime {
  hooks: CommandHooks;
  stats(): CommandStats;
  /** Re-reads which devices wait for a connection (the timer does it every COMMAND_SWEEP_S). */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

/** Options of startCommandRuntime. */
export interface CommandRuntimeOptions {
  db: DbHandle;
  log: FastifyBaseLogger;
  queue: JobQueue;
  downlink: Downlink;
  /** Run dispatches on this process (default true). */
  work?: boolean;
}

/** Starts the dispatch worker (unless `work: false`), the connect listener and the waiting-device timer. */
export async function startCommandRuntime(opts: CommandRuntimeOptions): Promise<CommandRuntime> {
  const { db, log, queue, downlink } = opts;
  const stats: CommandStats = { sent: 0, acks: 0, duplicateAcks: 0, invalidAcks: 0, verified: 0 };
  /** Devices a dispatch found offline, by serial number (to their id), until they are heard from. */
  const offline = new Map<string, number>();
  /**
   * Devices whose command has waited longer than a sweep (offline before this process started, or its
   * dispatch was lost), re-read every sweep. Younger commands are left out: their dispatch is under way,
   * and a device answering a burst of commands would otherwise queue a second dispatch with each message.
   */
  let stuck = new Map<string, number>();
  /** Serial numbers whose status said online, and when (external broker: it cannot be asked). */
  const onlineAt = new Map<string, number>();
  let stopped = false;

  const kick = (deviceId: number) => {
    if (stopped) return;
    kickDevice(queue, deviceId).catch((err: unknown) =>
      log.warn({ err, deviceId }, 'command dispatch not queued'),
    );
  };
  const acks = createAckBatcher(db, kick);
  const reports = createReportBatcher(db);
  /** A device was heard from: if it has queued commands, dispatch them now (once per appearance). */
  const appeared = (sn: string) => {
    const deviceId = offline.get(sn) ?? stuck.get(sn);
    if (deviceId === undefined) return;
    offline.delete(sn);
    stuck.delete(sn);
    kick(deviceId);
  };

  await queue.declare([COMMAND_QUEUE_DEFINITION]);
  if (opts.work !== false) {
    const deps = {
      db,
      log,
      downlink,
      recentlyOnline: (sn: string) => Date.now() - (onlineAt.get(sn) ?? 0) < DEVICE_OFFLINE_AFTER_MS,
      waitFor: (deviceId: number, sn: string) => {
        offline.set(sn, deviceId);
      },
    };
    await queue.workBatch<DispatchJob>(
      COMMAND_QUEUE,
      async (jobs: QueueJob<DispatchJob>[]) => {
        const outcomes = await dispatchDevices(
          deps,
          jobs.map((j) => j.data.deviceId),
        );
        stats.sent += outcomes.filter((o) => o.commandId !== null).length;
        return outcomes.map((o) => o.error);
      },
      { localConcurrency: COMMAND_WORKERS, batchSize: COMMAND_BATCH },
    );
  }
  const unsubscribe = downlink.onConnect(appeared);

  const refresh = async () => {
    const rows = await devicesWithQueued(db, COMMAND_SWEEP_S);
    stuck = new Map(rows.map((r) => [r.sn, r.deviceId]));
  };
  await refresh().catch((err: unknown) => log.warn({ err }, 'waiting devices not read'));
  const timer = setInterval(() => {
    refresh().catch((err: unknown) => log.warn({ err }, 'waiting devices not read'));
  }, COMMAND_SWEEP_S * 1000);
  timer.unref();

  const hooks: CommandHooks = {
    ack: (device, payload) => {
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        body = null;
      }
      const parsed = CommandAckSchema.safeParse(body);
      if (!parsed.success) {
        stats.invalidAcks++;
        log.warn({ deviceId: device.id }, 'command acknowledgement does not match the schema');
        return undefined;
      }
      const { id, status, reason } = parsed.data;
      // Ids are UUIDs: anything else names no command (and would fail the uuid cast).
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
        stats.duplicateAcks++;
        return undefined;
      }
      return acks.load({ id, deviceId: device.id, status, reason: reason ?? null }).then((outcome) => {
        if (outcome === 'duplicate') stats.duplicateAcks++;
        else stats.acks++;
        if (outcome === 'verified') stats.verified++;
      });
    },
    reported: async (device, ts, points) => {
      const values = paramsFromPoints(points as Parameters<typeof paramsFromPoints>[0]);
      if (Object.keys(values).length === 0) return;
      stats.verified += await reports.load({ deviceId: device.id, values, ts });
    },
    seen: (_device, sn, online) => {
      if (online) onlineAt.set(sn, Date.now());
      else onlineAt.delete(sn);
      if (online) appeared(sn);
    },
  };

  return {
    hooks,
    stats: () => ({ ...stats }),
    refresh,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      if (opts.work !== false) await queue.boss.offWork(COMMAND_QUEUE, { wait: true });
    },
  };
}
