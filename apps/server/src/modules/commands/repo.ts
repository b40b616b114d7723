/**
 * SQL of remote settings (docs/commands.md): commands (device_commands) and the parameters devices
 * reported (device_params). State changes are single conditional UPDATEs (`WHERE state = …`), so two
 * server processes, a redelivered acknowledgement or a sweep racing an answer change a command once.
 */
import { COMMAND_EXPIRE_S, type CommandRow, type CommandState } from '@ems/contract/api/device-commands';
import type { DeviceParamsPatch } from '@ems/contract/api/device-params';
import type { Db, DbHandle } from '../../db/client';
import { deviceCommands } from '../../db/schema';
import type { Tx } from '../mail/outbox';

/** A device with its site's owner, as the access checks and the dispatcher need it. */
export interface ParamDevice {
  id: number;
  name: string;
  serialNumber: string;
  deviceType: string;
  stationId: number | null;
  ownerId: number | null;
  /** Last telemetry, for "online" (DEVICE_OFFLINE_AFTER_MS). */
  lastSeenAt: Date | null;
  /** The parameters its gateway announced it can take (issue 32); null: its type's. */
  writableParams: string[] | null;
}

/** Columns of a ParamDevice over `devices d`, `stations s` and `device_latest l` (PARAM_DEVICE_FROM). */
export const PARAM_DEVICE_COLUMNS = `d.id, d.name, d.serial_number AS "serialNumber", d.device_type AS "deviceType",
  d.station_id AS "stationId", s.owner_id AS "ownerId", l.last_seen_at AS "lastSeenAt",
  d.writable_params AS "writableParams"`;
/** The joins PARAM_DEVICE_COLUMNS reads. */
export const PARAM_DEVICE_FROM = `devices d LEFT JOIN stations s ON s.id = d.station_id
  LEFT JOIN device_latest l ON l.device_id = d.id`;

/** The device `id` with its site's owner and last telemetry, or undefined. */
export async function findParamDevice(db: DbHandle, id: number): Promise<ParamDevice | undefined> {
  const res = await db.query<ParamDevice>(
    `SELECT ${PARAM_DEVICE_COLUMNS} FROM ${PARAM_DEVICE_FROM} WHERE d.id = $1`,
    [id],
  );
  return res.rows[0];
}

/** What a set call reads of a device: the device, what it reported, the params of its pending commands. */
export interface SetContext {
  device: ParamDevice;
  reported: { values: DeviceParamsPatch } | undefined;
  /** Params of the commands in `states`, oldest first. */
  pending: DeviceParamsPatch[];
}

/**
 * The devices `ids`, each with its reported values and the params of its commands in `states` (pending),
 * in one statement however many devices and commands: the set calls in flight together are answered with
 * one read (set-batch.ts). A missing id has no entry.
 */
export async function readSetContexts(
  db: DbHandle,
  ids: readonly number[],
  states: readonly CommandState[],
): Promise<Map<number, SetContext>> {
  const res = await db.query<
    ParamDevice & { reported: DeviceParamsPatch | null; pending: DeviceParamsPatch[] }
  >(
    `SELECT ${PARAM_DEVICE_COLUMNS}, p."values" AS reported,
            coalesce((SELECT json_agg(c.params ORDER BY c.created_at, c.id) FROM device_commands c
                      WHERE c.device_id = d.id AND c.state = ANY($2::text[])), '[]'::json) AS pending
     FROM ${PARAM_DEVICE_FROM} LEFT JOIN device_params p ON p.device_id = d.id WHERE d.id = ANY($1::int[])`,
    [[...new Set(ids)], states],
  );
  return new Map(
    res.rows.map(({ reported, pending, ...device }) => [
      device.id,
      { device, reported: reported ? { values: reported } : undefined, pending },
    ]),
  );
}

/** What a device last reported, or undefined when it never did. */
export async function readReported(
  db: DbHandle,
  deviceId: number,
): Promise<{ values: DeviceParamsPatch; reportedAt: Date; receivedAt: Date } | undefined> {
  const res = await db.query<{ values: DeviceParamsPatch; reportedAt: Date; receivedAt: Date }>(
    `SELECT "values", reported_at AS "reportedAt", received_at AS "receivedAt"
     FROM device_params WHERE device_id = $1`,
    [deviceId],
  );
  return res.rows[0];
}

/** A command row as stored, with its site's owner (for who may read its address). */
export interface StoredCommand {
  id: string;
  deviceId: number;
  stationId: number;
  ownerId: number;
  deviceName: string;
  serialNumber: string;
  userName: string;
  ip: string | null;
  params: DeviceParamsPatch;
  before: Record<string, unknown>;
  state: CommandState;
  reason: string | null;
  createdAt: Date;
  sentAt: Date | null;
  ackedAt: Date | null;
  verifiedAt: Date | null;
  endedAt: Date | null;
  expiresAt: Date;
}

const COLUMNS = `c.id, c.device_id AS "deviceId", c.station_id AS "stationId", s.owner_id AS "ownerId",
  c.device_name AS "deviceName", c.serial_number AS "serialNumber", c.user_name AS "userName", c.ip,
  c.params, c.before, c.state, c.reason, c.created_at AS "createdAt", c.sent_at AS "sentAt",
  c.acked_at AS "ackedAt", c.verified_at AS "verifiedAt", c.ended_at AS "endedAt",
  c.expires_at AS "expiresAt"`;

/** The device's commands in `states`, oldest first. */
export async function commandsInStates(
  db: DbHandle,
  deviceId: number,
  states: readonly CommandState[],
): Promise<StoredCommand[]> {
  const res = await db.query<StoredCommand>(
    `SELECT ${COLUMNS} FROM device_commands c JOIN stations s ON s.id = c.station_id
     WHERE c.device_id = $1 AND c.state = ANY($2::text[]) ORDER BY c.created_at, c.id`,
    [deviceId, states],
  );
  return res.rows;
}

/** The newest `limit` verified commands of the device, newest first. */
export async function lastVerified(db: DbHandle, deviceId: number, limit: number): Promise<StoredCommand[]> {
  const res = await db.query<StoredCommand>(
    `SELECT ${COLUMNS} FROM device_commands c JOIN stations s ON s.id = c.station_id
     WHERE c.device_id = $1 AND c.state = 'verified' ORDER BY c.verified_at DESC LIMIT $2`,
    [deviceId, limit],
  );
  return res.rows;
}

/**
 * A page of the device's commands on `stationIds` (null: every station, the administrator), newest
 * first, and how many there are.
 */
export async function pageCommands(
  db: DbHandle,
  deviceId: number,
  stationIds: readonly number[] | null,
  page: { offset: number; limit: number },
): Promise<{ rows: StoredCommand[]; total: number }> {
  const where = 'c.device_id = $1 AND ($2::int[] IS NULL OR c.station_id = ANY($2::int[]))';
  const params = [deviceId, stationIds];
  const rows = await db.query<StoredCommand>(
    `SELECT ${COLUMNS} FROM device_commands c JOIN stations s ON s.id = c.station_id
     WHERE ${where} ORDER BY c.created_at DESC, c.id LIMIT $3 OFFSET $4`,
    [...params, page.limit, page.offset],
  );
  const total = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM device_commands c WHERE ${where}`,
    params,
  );
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

/** A command to record, as a set call asks it. */
export interface NewCommand {
  id: string;
  device: { id: number; name: string; serialNumber: string; stationId: number };
  user: { userId: number; loginName: string };
  ip: string | null;
  params: DeviceParamsPatch;
  /** What the device reported of each changed parameter before (null: never reported). */
  before: Record<string, unknown>;
}

/** New commands (queued, expiring after COMMAND_EXPIRE_S) in one statement, inside the caller's transaction. */
export async function insertCommands(tx: Tx | Db, rows: readonly NewCommand[]): Promise<void> {
  if (rows.length === 0) return;
  const expiresAt = new Date(Date.now() + COMMAND_EXPIRE_S * 1000);
  await tx.insert(deviceCommands).values(
    rows.map((row) => ({
      id: row.id,
      deviceId: row.device.id,
      stationId: row.device.stationId,
      deviceName: row.device.name,
      serialNumber: row.device.serialNumber,
      userId: row.user.userId,
      userName: row.user.loginName,
      ip: row.ip,
      params: row.params,
      before: row.before,
      state: 'queued' as const,
      expiresAt,
    })),
  );
}

/** What a dispatch publishes of a command. */
export type ClaimedCommand = Pick<StoredCommand, 'id' | 'params' | 'expiresAt'>;

/** Puts a command whose publish failed back in the queue (it is sent again, with the same id). */
export async function unsend(db: DbHandle, id: string): Promise<void> {
  await db.query(`UPDATE device_commands SET state = 'queued' WHERE id = $1 AND state = 'sent'`, [id]);
}

/** A device's parameter report (docs/device-protocol.md §7). */
export interface ParamReport {
  deviceId: number;
  values: DeviceParamsPatch;
  /** The sample's time. */
  ts: Date;
}

/**
 * Stores what devices reported, one report per device (the caller splits repeats), in one statement:
 * each merged into the device's stored values (a report may carry only some parameters), unless a newer
 * report is stored. @returns every stored value after the merge, by device (a device whose newer report
 * was kept has no entry).
 */
export async function upsertReports(
  db: DbHandle,
  reports: readonly ParamReport[],
): Promise<Map<number, Record<string, unknown>>> {
  const res = await db.query<{ deviceId: number; values: Record<string, unknown> }>(
    `INSERT INTO device_params (device_id, "values", reported_at)
     SELECT * FROM unnest($1::int[], $2::jsonb[], $3::timestamptz[])
     ON CONFLICT (device_id) DO UPDATE SET "values" = device_params."values" || EXCLUDED."values",
       reported_at = EXCLUDED.reported_at, received_at = now()
     WHERE device_params.reported_at <= EXCLUDED.reported_at RETURNING device_id AS "deviceId", "values"`,
    [reports.map((r) => r.deviceId), reports.map((r) => JSON.stringify(r.values)), reports.map((r) => r.ts)],
    'device-params-upsert',
  );
  return new Map(res.rows.map((r) => [r.deviceId, r.values]));
}

/** Applied (or timed-out) commands of the devices `ids`, to compare with their reports. */
export async function unverifiedOf(
  db: DbHandle,
  ids: readonly number[],
): Promise<{ id: string; deviceId: number; params: DeviceParamsPatch }[]> {
  if (ids.length === 0) return [];
  const res = await db.query<{ id: string; deviceId: number; params: DeviceParamsPatch }>(
    `SELECT id, device_id AS "deviceId", params FROM device_commands
     WHERE device_id = ANY($1::int[]) AND state IN ('applied', 'timedOut')`,
    [ids],
    'device-commands-unverified',
  );
  return res.rows;
}

/** Marks commands verified: a report shows their values. */
export async function markVerified(db: DbHandle, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE device_commands SET state = 'verified', verified_at = now(), ended_at = NULL,
       acked_at = coalesce(acked_at, now())
     WHERE id = ANY($1::uuid[]) AND state IN ('applied', 'timedOut')`,
    [ids],
  );
}

/**
 * Commands sent more than `ackTimeoutS` ago without an answer: timed out.
 * @returns the devices they belong to (each may send its next command now).
 */
export async function timeOutSent(db: DbHandle, ackTimeoutS: number): Promise<number[]> {
  const res = await db.query<{ deviceId: number }>(
    `UPDATE device_commands SET state = 'timedOut', ended_at = now(), reason = 'no answer within ' || $1 || ' s'
     WHERE state = 'sent' AND sent_at < now() - make_interval(secs => $1) RETURNING device_id AS "deviceId"`,
    [ackTimeoutS],
  );
  return [...new Set(res.rows.map((r) => r.deviceId))];
}

/** Queued commands past their expiry: expired. @returns how many. */
export async function expireQueued(db: DbHandle): Promise<number> {
  const res = await db.query(
    `UPDATE device_commands SET state = 'expired', ended_at = now(), reason = 'not sent within 24 h'
     WHERE state = 'queued' AND expires_at <= now() RETURNING id`,
  );
  return res.rows.length;
}

/**
 * Devices with a command queued more than `olderThanS` seconds ago, with their serial numbers (sent when
 * the device is next heard from). A younger command has its own dispatch under way.
 */
export async function devicesWithQueued(
  db: DbHandle,
  olderThanS: number,
): Promise<{ deviceId: number; sn: string }[]> {
  const res = await db.query<{ deviceId: number; sn: string }>(
    `SELECT DISTINCT c.device_id AS "deviceId", d.serial_number AS sn
     FROM device_commands c JOIN devices d ON d.id = c.device_id
     WHERE c.state = 'queued' AND c.created_at < now() - make_interval(secs => $1)`,
    [olderThanS],
    'device-commands-queued',
  );
  return res.rows;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A stored command as the calls answer it; `withIp`: the caller may read the request's address. */
export function toCommandRow(c: StoredCommand, withIp: boolean): CommandRow {
  return {
    commandId: c.id,
    deviceId: c.deviceId,
    deviceName: c.deviceName,
    userName: c.userName,
    ip: withIp ? c.ip : null,
    params: c.params as Record<string, unknown>,
    before: c.before,
    state: c.state,
    reason: c.reason,
    createdAt: iso(c.createdAt)!,
    sentAt: iso(c.sentAt),
    ackedAt: iso(c.ackedAt),
    verifiedAt: iso(c.verifiedAt),
    endedAt: iso(c.endedAt),
  };
}
