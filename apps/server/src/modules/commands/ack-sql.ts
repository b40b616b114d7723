/**
 * SQL of the devices' answers taken many at once (ack-batch.ts): one statement records every answer of
 * a batch, one tells which of their devices have another command queued. The change stays conditional
 * (`WHERE state IN ('sent', 'timedOut')`), so a redelivered or foreign answer changes nothing.
 */
import type { DeviceParamsPatch } from '@ems/contract/api/device-params';
import type { DbHandle } from '../../db/client';

/** A device's answer to one of its commands (docs/device-protocol.md §7). */
export interface DeviceAck {
  /** The command's id (a UUID). */
  id: string;
  deviceId: number;
  status: 'applied' | 'failed';
  reason: string | null;
}

/** What an answer recorded: the command's params and what its device last reported (null: nothing). */
export interface TakenAck {
  params: DeviceParamsPatch;
  reported: Record<string, unknown> | null;
}

/**
 * Records `acks` in one statement. Only a command of the answering device, in flight or timed out,
 * takes an answer (a late answer still says what the device did); of an id answered twice by its
 * device in `acks`, the first answer is taken. @returns the answers taken, by command id.
 */
export async function recordAcks(db: DbHandle, acks: readonly DeviceAck[]): Promise<Map<string, TakenAck>> {
  const res = await db.query<TakenAck & { id: string }>(
    `WITH answer AS (
       SELECT DISTINCT ON (id, device_id) id, device_id, status, reason
       FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[]) WITH ORDINALITY AS a (id, device_id, status, reason, n)
       ORDER BY id, device_id, n),
     taken AS (
       UPDATE device_commands c SET state = a.status, reason = a.reason, acked_at = now(), ended_at = NULL
       FROM answer a WHERE c.id = a.id AND c.device_id = a.device_id AND c.state IN ('sent', 'timedOut')
       RETURNING c.id, c.device_id, c.params)
     SELECT t.id, t.params, p."values" AS reported FROM taken t LEFT JOIN device_params p ON p.device_id = t.device_id`,
    [
      acks.map((a) => a.id),
      acks.map((a) => a.deviceId),
      acks.map((a) => a.status),
      acks.map((a) => a.reason),
    ],
    'device-commands-acks',
  );
  return new Map(res.rows.map(({ id, ...taken }) => [id, taken]));
}

/** Which of the devices `ids` have a command queued (uses the device_commands_open index). */
export async function withQueued(db: DbHandle, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const res = await db.query<{ deviceId: number }>(
    `SELECT DISTINCT device_id AS "deviceId" FROM device_commands
     WHERE state = 'queued' AND device_id = ANY($1::int[])`,
    [ids],
  );
  return res.rows.map((r) => r.deviceId);
}
