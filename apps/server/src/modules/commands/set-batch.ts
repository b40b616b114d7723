/**
 * Group commit of set calls (issue 21 §8: 1,000 devices asked at once): the set calls in flight together
 * read their devices in one statement and record their commands in one transaction (one insert of the
 * commands, one of their dispatch jobs), instead of five statements each (shared/batch-loader.ts,
 * decision 0022).
 */
import { PENDING_STATES } from '@ems/contract/api/device-commands';
import type { DbHandle } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { oneBatchAtATime } from '../../shared/batch-loader';
import { declareDispatch, kickDevices } from './dispatch';
import { insertCommands, type NewCommand, readSetContexts, type SetContext } from './repo';

/** Most calls in one batch (one statement's parameters stay small). */
export const SET_BATCH_MAX = 200;

/** The batched reads and writes of the set calls of one process. */
export interface SetBatcher {
  /** The device with its reported values and pending commands' params; undefined when missing. */
  context(deviceId: number): Promise<SetContext | undefined>;
  /** Records the command and its dispatch; resolves once committed. */
  record(command: NewCommand): Promise<void>;
}

/** Creates the batcher of `db` and `queue` (one per process: see setBatcherOf); pending: PENDING_STATES. */
function createSetBatcher(db: DbHandle, queue: JobQueue): SetBatcher {
  const contexts = oneBatchAtATime<number, SetContext | undefined>(async (ids) => {
    const found = await readSetContexts(db, ids, PENDING_STATES);
    return ids.map((id) => found.get(id));
  }, SET_BATCH_MAX);
  const record = async (commands: readonly NewCommand[]) => {
    await declareDispatch(queue);
    await db.db.transaction(async (tx) => {
      await insertCommands(tx, commands);
      await kickDevices(
        queue,
        commands.map((c) => c.device.id),
        tx,
      );
    });
  };
  const writes = oneBatchAtATime<NewCommand, undefined>(async (commands) => {
    try {
      await record(commands);
      return commands.map(() => undefined);
    } catch (err) {
      if (commands.length === 1) throw err;
      // One bad command (its device deleted meanwhile) must not fail the others: each on its own.
      return Promise.all(
        commands.map((c) =>
          record([c]).then(
            () => undefined,
            (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
          ),
        ),
      );
    }
  }, SET_BATCH_MAX);
  return {
    context: (deviceId) => contexts.load(deviceId),
    record: (command) => writes.load(command),
  };
}

const batchers = new WeakMap<JobQueue, SetBatcher>();

/** The set-call batcher of this process's `queue` (made on first use). */
export function setBatcherOf(db: DbHandle, queue: JobQueue): SetBatcher {
  let batcher = batchers.get(queue);
  if (!batcher) {
    batcher = createSetBatcher(db, queue);
    batchers.set(queue, batcher);
  }
  return batcher;
}
