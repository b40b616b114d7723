/**
 * A node's side of charger commands (decision 0025): the worker of this process's `ocpp-call.{node}`
 * queue takes each command (queued → sent, once), calls the charger over the socket this process holds
 * and writes the answer: Accepted, Scheduled or Unlocked → accepted; any other status → rejected; a
 * CALLERROR → failed with its code; no socket here → failed notConnected; no answer within the call
 * timeout → timedOut. The job ends once the call is on its way: a charger slow to answer holds no worker.
 */
import { CHARGER_CALL_TIMEOUT_S } from '@ems/contract/api/ocpp-charger';
import type { FastifyBaseLogger } from 'fastify';
import ocppRpc, { type RPCClient } from 'ocpp-rpc';
import type { DbHandle } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import {
  type ClaimedCommand,
  type CommandOutcome,
  claimCommands,
  dropNodeConnections,
  finishCommand,
} from './repo';
import { type ChargerCallJob, callQueue, NOT_CONNECTED } from './send';

// ocpp-rpc is CommonJS: Node's ESM loader sees only the exports it can detect, and TimeoutError is not one.
const { TimeoutError } = ocppRpc;

/** The chargers whose sockets this process holds, by device id (kept by central-system.ts). */
export type ChargerLinks = Map<number, RPCClient>;

/** Answer statuses that mean the charger does (or will do) what was asked. */
const ACCEPTED = new Set(['Accepted', 'Scheduled', 'Unlocked']);

/** What the worker needs. */
export interface ChargerCallDeps {
  db: DbHandle;
  log: FastifyBaseLogger;
  queue: JobQueue;
  /** This process's name (NODE_NAME or the host name): whose queue to work. */
  nodeName: string;
  links: ChargerLinks;
  /** Seconds a charger has to answer; default CHARGER_CALL_TIMEOUT_S (tests shorten it). */
  callTimeoutS?: number;
}

/** The outcome of a call's answer or failure. */
export function outcomeOf(answer: unknown, err?: unknown): CommandOutcome {
  if (err !== undefined) {
    if (err instanceof TimeoutError) {
      return { state: 'timedOut', status: null, result: null, error: null };
    }
    const code = (err as { rpcErrorCode?: unknown }).rpcErrorCode;
    return {
      state: 'failed',
      status: null,
      result: null,
      error: typeof code === 'string' ? code : NOT_CONNECTED,
    };
  }
  const result = (answer ?? {}) as Record<string, unknown>;
  const status = typeof result.status === 'string' ? result.status : null;
  return {
    state: status !== null && ACCEPTED.has(status) ? 'accepted' : 'rejected',
    status,
    result,
    error: null,
  };
}

/** Calls the charger and records how it ended. */
async function call(deps: ChargerCallDeps, cmd: ClaimedCommand, client: RPCClient, timeoutMs: number) {
  let outcome: CommandOutcome;
  try {
    outcome = outcomeOf(await client.call(cmd.action, cmd.params, { callTimeoutMs: timeoutMs }));
  } catch (err) {
    outcome = outcomeOf(undefined, err);
  }
  await finishCommand(deps.db, cmd.id, 'sent', outcome);
}

/** The running worker; stop() waits for the calls in hand to end. */
export interface ChargerCalls {
  stop(): Promise<void>;
}

/**
 * Declares this node's call queue and works it. Start after the queue and before the server listens
 * (main.ts, the tests' bench): it first forgets the sockets this node's name held before (a crash), and
 * stop() forgets the node's sockets once the app closed them.
 */
export async function startChargerCalls(deps: ChargerCallDeps): Promise<ChargerCalls> {
  const definition = callQueue(deps.nodeName);
  const timeoutMs = (deps.callTimeoutS ?? CHARGER_CALL_TIMEOUT_S) * 1000;
  const inFlight = new Set<Promise<void>>();
  /** Starts the call of a claimed command (no socket here: it fails notConnected at once). */
  const start = async (cmd: ClaimedCommand) => {
    const client = deps.links.get(cmd.deviceId);
    if (!client) {
      const outcome = outcomeOf(undefined, new Error(NOT_CONNECTED));
      return finishCommand(deps.db, cmd.id, 'sent', outcome);
    }
    const running = call(deps, cmd, client, timeoutMs)
      .catch((err: unknown) => deps.log.warn({ err, commandId: cmd.id }, 'charger command not recorded'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };
  await dropNodeConnections(deps.db, deps.nodeName);
  await deps.queue.declare([definition]);
  // One statement claims the whole batch pg-boss fetched (a command ended or taken already is skipped);
  // a failed claim fails every job of the batch, whose commands the sweep then ends.
  await deps.queue.workBatch<ChargerCallJob>(definition.name, async (jobs) => {
    let claimed: ClaimedCommand[];
    try {
      claimed = await claimCommands(
        deps.db,
        jobs.map((j) => j.data.commandId),
      );
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      return jobs.map(() => e);
    }
    const started = new Map(
      claimed.map((cmd) => [
        cmd.id,
        start(cmd).then(
          () => null,
          (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
        ),
      ]),
    );
    return Promise.all(jobs.map((j) => started.get(j.data.commandId) ?? null));
  });
  return {
    stop: async () => {
      await deps.queue.boss.offWork(definition.name).catch(() => undefined);
      await Promise.allSettled([...inFlight]);
      await dropNodeConnections(deps.db, deps.nodeName);
    },
  };
}
