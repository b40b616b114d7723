/**
 * Operating OCPP chargers from the station page (issue 22 item 4, docs/ocpp.md "Operating a charger"):
 * the site's chargers, remote operations and GetCompositeSchedule as tracked commands, and each
 * charger's command history. The site's owner and the administrator operate; a friend the site is shared
 * with lists chargers and commands, and any operation answers 无操作权限, as a missing or foreign id does.
 * The command rows are the audit: who asked, from where, what, when, and the charger's answer.
 */
import type {
  ChargerCommandBody,
  ChargerCommandPage,
  ChargerCommandRow,
  ChargerRow,
} from '@ems/contract/api/ocpp-charger';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { noPermission } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { findDevice } from '../access/repo';
import { isAdmin } from '../access/require-admin';
import { maySeeSerials, requireStationAccess } from '../access/station-access';
import { chargersOfStation, isOpenSession } from './charger-list-repo';
import { commandPage, commandRow } from './commands/repo';
import { type ChargerCommandRequest, sendChargerCommand } from './commands/send';
import { notACharger, transactionNotOpen } from './errors';

/** Who asks, for the audit. */
export interface Asker {
  user: SessionUser;
  ip: string | null;
}

/** Longest charger/schedule waits for the charger's answer before answering the row as it stands (ms). */
export const SCHEDULE_WAIT_MS = 5000;

/**
 * The charger `deviceId` when the caller may see it (`operate`: also operate it).
 * @throws noPermission (missing, foreign, or a friend operating); notACharger (a device of the caller's
 *   site that is no OCPP charger).
 */
async function requireCharger(db: DbHandle, user: SessionUser, deviceId: number, operate: boolean) {
  const device = await findDevice(db.db, deviceId);
  if (!device || device.stationId === null) throw noPermission();
  const station = await requireStationAccess(db, user, device.stationId);
  if (operate && !isAdmin(user) && station.ownerId !== user.userId) throw noPermission();
  if (device.protocol !== 'ocpp') throw notACharger();
  return device;
}

/** The OCPP payload of an operation. @throws transactionNotOpen for a stop of no open session. */
async function paramsOf(db: DbHandle, body: ChargerCommandBody): Promise<Record<string, unknown>> {
  switch (body.action) {
    case 'RemoteStartTransaction':
      return body.connectorId === undefined
        ? { idTag: body.idTag }
        : { connectorId: body.connectorId, idTag: body.idTag };
    case 'RemoteStopTransaction':
      if (!(await isOpenSession(db, body.deviceId, body.transactionId))) {
        throw transactionNotOpen(body.transactionId);
      }
      return { transactionId: body.transactionId };
    case 'UnlockConnector':
      return { connectorId: body.connectorId };
    case 'Reset':
      return { type: body.type };
    case 'ChangeAvailability':
      return { connectorId: body.connectorId, type: body.type };
  }
}

/** Records and sends; @returns the command as it stands. */
async function send(db: DbHandle, queue: JobQueue, req: ChargerCommandRequest): Promise<ChargerCommandRow> {
  const id = await sendChargerCommand(db, queue, req);
  return (await commandRow(db, id))!;
}

/**
 * POST charger/command: one operation of a charger as a tracked command.
 * @returns the command (queued; failed notConnected when no node holds the charger).
 * @throws noPermission, notACharger, transactionNotOpen.
 */
export async function operateCharger(
  db: DbHandle,
  queue: JobQueue,
  asker: Asker,
  body: ChargerCommandBody,
): Promise<ChargerCommandRow> {
  await requireCharger(db, asker.user, body.deviceId, true);
  const params = await paramsOf(db, body);
  return send(db, queue, {
    deviceId: body.deviceId,
    action: body.action,
    params,
    userId: asker.user.userId,
    ip: asker.ip,
  });
}

/**
 * POST charger/schedule: GetCompositeSchedule as a command; waits up to SCHEDULE_WAIT_MS for the
 * answer (the schedule in `result`), else answers the command still sent (charger/command/list follows it).
 * @throws noPermission, notACharger.
 */
export async function chargerSchedule(
  db: DbHandle,
  queue: JobQueue,
  asker: Asker,
  body: { deviceId: number; connectorId: number; duration: number },
): Promise<ChargerCommandRow> {
  await requireCharger(db, asker.user, body.deviceId, true);
  const params = { connectorId: body.connectorId, duration: body.duration };
  const row = await send(db, queue, {
    deviceId: body.deviceId,
    action: 'GetCompositeSchedule',
    params,
    userId: asker.user.userId,
    ip: asker.ip,
  });
  const until = Date.now() + SCHEDULE_WAIT_MS;
  let now = row;
  while ((now.state === 'queued' || now.state === 'sent') && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = (await commandRow(db, row.id)) ?? now;
  }
  return now;
}

/** GET charger/command/list: the charger's commands, newest first. @throws noPermission, notACharger. */
export async function chargerCommands(
  db: DbHandle,
  user: SessionUser,
  q: { deviceId: number; pageNum: number; pageSize: number },
): Promise<ChargerCommandPage> {
  await requireCharger(db, user, q.deviceId, false);
  return commandPage(db, q.deviceId, q.pageNum, q.pageSize);
}

/**
 * GET charger/list: the chargers of a site the caller may view. A friend gets each identity as "": it
 * is the charger's serial number, which would let anyone commission the charger once the owner removes
 * it (issue 19, maySeeSerials). @throws noPermission.
 */
export async function chargersOf(db: DbHandle, user: SessionUser, stationId: number): Promise<ChargerRow[]> {
  const station = await requireStationAccess(db, user, stationId);
  const rows = await chargersOfStation(db, stationId);
  return maySeeSerials(user, station) ? rows : rows.map((r) => ({ ...r, identity: '' }));
}
