/**
 * SQL of charger commands (decision 0025): recording, claiming, answering and sweeping `charger_commands`
 * rows, and which node holds each charger (`ocpp_connections`). Each state change names the state it
 * leaves, so a row moves once whichever process (worker, sweep) gets there first.
 */
import type { ChargerCommandRow, ChargerCommandState } from '@ems/contract/api/ocpp-charger';
import type { DbHandle } from '../../../db/client';

/** Columns of a ChargerCommandRow (times in epoch ms). */
const ROW = `c.id, c.device_id AS "deviceId", c.action, c.params, c.state, c.status, c.result, c.error,
  c.user_name AS "userName", (extract(epoch FROM c.created_at) * 1000)::float8 AS "createdAt",
  (extract(epoch FROM c.sent_at) * 1000)::float8 AS "sentAt",
  (extract(epoch FROM c.answered_at) * 1000)::float8 AS "answeredAt"`;

/** What a new command records. */
export interface NewCommand {
  deviceId: number;
  action: string;
  params: Record<string, unknown>;
  userId: number | null;
  ip: string | null;
  /**
   * `failed` (with `error`) when no node holds the charger: it is recorded already ended; `accepted` for a
   * setting the platform keeps itself (CHARGER_SETTING_ACTIONS), done as it is recorded.
   */
  state: 'queued' | 'failed' | 'accepted';
  error: string | null;
}

/** Records a command (user_name copied from the account). @returns its id. */
export async function insertCommand(db: DbHandle, c: NewCommand): Promise<number> {
  return (await insertCommands(db, [c]))[0]!;
}

/**
 * Records many commands in one statement. @returns their ids, in the order of `cs` (the rows are inserted
 * in that order, so their serial ids rise with it).
 */
export async function insertCommands(db: DbHandle, cs: readonly NewCommand[]): Promise<number[]> {
  if (cs.length === 0) return [];
  const res = await db.query<{ id: number }>(
    `INSERT INTO charger_commands (device_id, action, params, state, error, user_id, user_name, ip, answered_at)
     SELECT c.device_id, c.action, c.params, c.state, c.error, c.user_id, u.login_name, c.ip,
            CASE WHEN c.state IN ('failed', 'accepted') THEN now() END
     FROM unnest($1::int[], $2::text[], $3::jsonb[], $4::text[], $5::text[], $6::int[], $7::text[])
          WITH ORDINALITY AS c(device_id, action, params, state, error, user_id, ip, n)
     LEFT JOIN users u ON u.id = c.user_id
     ORDER BY c.n
     RETURNING id`,
    [
      cs.map((c) => c.deviceId),
      cs.map((c) => c.action),
      cs.map((c) => JSON.stringify(c.params)),
      cs.map((c) => c.state),
      cs.map((c) => c.error),
      cs.map((c) => c.userId),
      cs.map((c) => c.ip),
    ],
  );
  return res.rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The node holding each charger's socket now (chargers no node holds are absent). */
export async function nodesOf(db: DbHandle, deviceIds: readonly number[]): Promise<Map<number, string>> {
  const res = await db.query<{ deviceId: number; node: string }>(
    'SELECT device_id AS "deviceId", node FROM ocpp_connections WHERE device_id = ANY($1::int[])',
    [[...new Set(deviceIds)]],
  );
  return new Map(res.rows.map((r) => [r.deviceId, r.node]));
}

/** Ends the commands of `ids` still queued as failed with `error` (their job could not be queued). */
export async function failQueued(db: DbHandle, ids: readonly number[], error: string): Promise<void> {
  await db.query(
    `UPDATE charger_commands SET state = 'failed', error = $2, answered_at = now()
     WHERE id = ANY($1::int[]) AND state = 'queued'`,
    [[...ids], error],
  );
}

/** Notes that `node` holds the charger's socket from now. */
export async function saveConnection(db: DbHandle, deviceId: number, node: string): Promise<void> {
  await db.query(
    `INSERT INTO ocpp_connections (device_id, node, connected_at) VALUES ($1, $2, now())
     ON CONFLICT (device_id) DO UPDATE SET node = excluded.node, connected_at = excluded.connected_at`,
    [deviceId, node],
  );
}

/** Forgets the charger's socket if `node` still holds it (it may have reconnected to another node). */
export async function dropConnection(db: DbHandle, deviceId: number, node: string): Promise<void> {
  await db.query('DELETE FROM ocpp_connections WHERE device_id = $1 AND node = $2', [deviceId, node]);
}

/** Forgets every socket `node` held (its start after a crash, its shutdown). */
export async function dropNodeConnections(db: DbHandle, node: string): Promise<void> {
  await db.query('DELETE FROM ocpp_connections WHERE node = $1', [node]);
}

/** A claimed command: what to call. */
export interface ClaimedCommand {
  id: number;
  deviceId: number;
  action: string;
  params: Record<string, unknown>;
}

/**
 * Takes the queued commands of `ids` into flight (queued → sent), each once, in one statement.
 * @returns the ones taken (a command ended already or taken by another worker is absent), oldest first:
 *   a charger must get two commands in the order they were asked (a newer limit after an older one).
 */
export async function claimCommands(db: DbHandle, ids: readonly number[]): Promise<ClaimedCommand[]> {
  if (ids.length === 0) return [];
  const res = await db.query<ClaimedCommand>(
    `UPDATE charger_commands SET state = 'sent', sent_at = now() WHERE id = ANY($1::int[]) AND state = 'queued'
     RETURNING id, device_id AS "deviceId", action, params`,
    [[...ids]],
  );
  return res.rows.sort((a, b) => a.id - b.id);
}

/** How a command ended. */
export interface CommandOutcome {
  state: Extract<ChargerCommandState, 'accepted' | 'rejected' | 'timedOut' | 'failed'>;
  status: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** Ends a command still in `from` (a sweep may have ended it first: then nothing changes). */
export async function finishCommand(
  db: DbHandle,
  id: number,
  from: 'queued' | 'sent',
  o: CommandOutcome,
): Promise<void> {
  await db.query(
    `UPDATE charger_commands SET state = $3, status = $4, result = $5, error = $6, answered_at = now()
     WHERE id = $1 AND state = $2`,
    [id, from, o.state, o.status, o.result === null ? null : JSON.stringify(o.result), o.error],
  );
}

/**
 * The sweep: commands sent more than `sentS` seconds ago time out (their node died), commands queued
 * more than `queuedS` seconds ago fail `notDelivered` (no node took them). @returns how many of each.
 */
export async function sweepCommands(
  db: DbHandle,
  sentS: number,
  queuedS: number,
): Promise<{ timedOut: number; failed: number }> {
  const timedOut = await db.query(
    `UPDATE charger_commands SET state = 'timedOut', error = 'noAnswer', answered_at = now()
     WHERE state = 'sent' AND sent_at < now() - make_interval(secs => $1) RETURNING id`,
    [sentS],
  );
  const failed = await db.query(
    `UPDATE charger_commands SET state = 'failed', error = 'notDelivered', answered_at = now()
     WHERE state = 'queued' AND created_at < now() - make_interval(secs => $1) RETURNING id`,
    [queuedS],
  );
  return { timedOut: timedOut.rows.length, failed: failed.rows.length };
}

/** One command as listed, or undefined. */
export async function commandRow(db: DbHandle, id: number): Promise<ChargerCommandRow | undefined> {
  const res = await db.query<ChargerCommandRow>(`SELECT ${ROW} FROM charger_commands c WHERE c.id = $1`, [
    id,
  ]);
  return res.rows[0];
}

/** A page of the charger's commands, newest first. */
export async function commandPage(
  db: DbHandle,
  deviceId: number,
  pageNum: number,
  pageSize: number,
): Promise<{ total: number; rows: ChargerCommandRow[] }> {
  const [count, rows] = await Promise.all([
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM charger_commands WHERE device_id = $1', [
      deviceId,
    ]),
    db.query<ChargerCommandRow>(
      `SELECT ${ROW} FROM charger_commands c WHERE c.device_id = $1 ORDER BY c.id DESC LIMIT $2 OFFSET $3`,
      [deviceId, pageSize, (pageNum - 1) * pageSize],
    ),
  ]);
  return { total: count.rows[0]?.n ?? 0, rows: rows.rows };
}
