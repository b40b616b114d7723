/**
 * The charger command primitive (docs/ocpp.md "Operating a charger", decision 0025): any process records
 * a command and hands it to the process holding the charger's WebSocket, through that node's own job
 * queue `ocpp-call.{node}`. Used by the owner's operations and by smart charging.
 */
import { CHARGER_CALL_TIMEOUT_S, type ChargerAction } from '@ems/contract/api/ocpp-charger';
import type { DbHandle } from '../../../db/client';
import type { JobQueue, QueueDefinition } from '../../../jobs/queue';
import { failQueued, insertCommands, nodesOf } from './repo';

/** What the call job carries: the command's id (the row holds the rest). */
export interface ChargerCallJob {
  commandId: number;
}

/** Why a command failed without reaching a charger: no node holds its socket. */
export const NOT_CONNECTED = 'notConnected';

/**
 * The queue of the node named `node`: `ocpp-call.{node}` with anything outside pg-boss's queue-name
 * characters (letters, digits, `_`, `-`, `.`) replaced by `_`.
 */
export function callQueueName(node: string): string {
  return `ocpp-call.${node.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/**
 * A node's call queue: a job is tried once (the row, not the job, is the command: a claimed row is never
 * sent twice), and outlives a call's wait so pg-boss never gives a running one up.
 */
export function callQueue(node: string): QueueDefinition {
  return {
    name: callQueueName(node),
    retryLimit: 0,
    expireInSeconds: CHARGER_CALL_TIMEOUT_S * 2,
    deleteAfterSeconds: 3600,
  };
}

/** A command to record: the OCPP action and payload, who asks (null: the platform itself). */
export interface ChargerCommandRequest {
  deviceId: number;
  action: ChargerAction;
  params: Record<string, unknown>;
  userId: number | null;
  /** Address of the request, for the audit. */
  ip?: string | null;
}

/**
 * Records the command `queued` and hands it to the node holding the charger; when no node holds it, the
 * command is recorded `failed` with error `notConnected` at once. Answers at once: the command's later
 * states (sent, accepted, rejected, timedOut, failed) are written by that node's worker (worker.ts) or
 * the sweep (sweep.ts). The caller checks access and the payload.
 * @returns the command's id (charger_commands.id).
 */
export async function sendChargerCommand(
  db: DbHandle,
  queue: JobQueue,
  req: ChargerCommandRequest,
): Promise<number> {
  const [outcome] = await sendChargerCommands(db, queue, [req]);
  if (outcome!.status === 'rejected') throw outcome!.reason;
  return outcome!.value;
}

/**
 * Records and hands on many commands as sendChargerCommand does each, in a few statements whatever their
 * number: one read of the nodes holding the chargers, one insert of the commands, and one insert of jobs
 * per node holding any of them (solar charging's rounds send hundreds of profiles at once).
 * @returns one outcome per request, in order; all rejected with the database's error when a statement
 *   fails.
 */
export async function sendChargerCommands(
  db: DbHandle,
  queue: JobQueue,
  reqs: readonly ChargerCommandRequest[],
): Promise<PromiseSettledResult<number>[]> {
  if (reqs.length === 0) return [];
  try {
    const nodes = await nodesOf(
      db,
      reqs.map((r) => r.deviceId),
    );
    const ids = await insertCommands(
      db,
      reqs.map((r) => {
        const node = nodes.get(r.deviceId);
        return {
          deviceId: r.deviceId,
          action: r.action,
          params: r.params,
          userId: r.userId,
          ip: r.ip ?? null,
          state: node === undefined ? 'failed' : 'queued',
          error: node === undefined ? NOT_CONNECTED : null,
        };
      }),
    );
    const byNode = new Map<string, number[]>();
    reqs.forEach((r, i) => {
      const node = nodes.get(r.deviceId);
      if (node === undefined) return;
      const list = byNode.get(node);
      if (list) list.push(ids[i]!);
      else byNode.set(node, [ids[i]!]);
    });
    await Promise.all(
      [...byNode].map(async ([node, commandIds]) => {
        const jobs = commandIds.map((commandId) => ({ data: { commandId } satisfies ChargerCallJob }));
        // As one send: a node whose queue does not exist holds no charger really.
        const ok = await queue.sendMany(callQueueName(node), jobs).then(
          () => true,
          () => false,
        );
        if (!ok) await failQueued(db, commandIds, NOT_CONNECTED);
      }),
    );
    return ids.map((value) => ({ status: 'fulfilled', value }));
  } catch (reason) {
    return reqs.map(() => ({ status: 'rejected', reason }));
  }
}
