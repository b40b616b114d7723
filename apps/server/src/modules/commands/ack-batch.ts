/**
 * The devices' answers taken together (issue 21 §8): the answers arriving while a batch is written go
 * into the next one (shared/batch-loader.ts, decision 0022), three statements per batch instead of three
 * per answer: record them, mark verified those whose device already reported the values, and find which
 * devices have another command queued (dispatched next).
 */
import { sameParamValue } from '@ems/contract/api/device-params';
import type { DbHandle } from '../../db/client';
import { oneBatchAtATime } from '../../shared/batch-loader';
import { type DeviceAck, recordAcks, withQueued } from './ack-sql';
import { markVerified } from './repo';

/** Most answers in one batch. */
export const ACK_BATCH_MAX = 200;

/** What became of an answer: taken, or ignored (a second answer, an unknown id, another device's). */
export type AckOutcome = 'taken' | 'verified' | 'duplicate';

/** Whether the reported values show every value of `params`. */
export const shows = (reported: Record<string, unknown>, params: object) =>
  Object.entries(params).every(([k, v]) => k in reported && sameParamValue(reported[k], v));

/**
 * A loader of answers: `load(ack)` resolves once the answer is recorded, with its outcome ('verified':
 * taken, and the device's last report already shows the values). Devices with a command queued after
 * their answer are passed to `kick`, read after the answers committed: a command recorded later comes
 * with a dispatch of its own, which then finds nothing in flight.
 */
export function createAckBatcher(db: DbHandle, kick: (deviceId: number) => void) {
  return oneBatchAtATime<DeviceAck, AckOutcome>(async (acks) => {
    const taken = await recordAcks(db, acks);
    const first = new Set<string>();
    const outcomes = acks.map((a): AckOutcome => {
      const t = taken.get(a.id);
      if (!t || first.has(a.id)) return 'duplicate';
      first.add(a.id);
      // The report may have come before the answer: then it verifies the command at once.
      return a.status === 'applied' && t.reported && shows(t.reported, t.params) ? 'verified' : 'taken';
    });
    await markVerified(
      db,
      acks.filter((_, i) => outcomes[i] === 'verified').map((a) => a.id),
    );
    const answered = acks.filter((_, i) => outcomes[i] !== 'duplicate').map((a) => a.deviceId);
    for (const deviceId of await withQueued(db, [...new Set(answered)])) kick(deviceId);
    return outcomes;
  }, ACK_BATCH_MAX);
}
