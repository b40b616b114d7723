/**
 * Remote settings, the calls' side (issue 21 §2, docs/commands.md): read a device's parameters, ask for
 * new values (checked against every rule first, then recorded as a command and handed to the job queue
 * in the same transaction), list its commands. Access: the site's owner and the administrator may read
 * and set; a friend the site is shared with reads (without the requests' addresses); anyone else, and
 * any missing id, gets 无操作权限.
 */
import { randomUUID } from 'node:crypto';
import {
  type CommandPage,
  type DeviceParamsAnswer,
  type DeviceParamsSetAnswer,
  type DeviceParamsSetBody,
  PENDING_STATES,
} from '@ems/contract/api/device-commands';
import {
  type DeviceParamsPatch,
  DeviceParamsSchema,
  diffParams,
  PARAM_DEFAULTS,
  PARAM_KEYS,
  type ParamKey,
  paramsOfType,
  sameParamValue,
} from '@ems/contract/api/device-params';
import { DEVICE_OFFLINE_AFTER_MS } from '@ems/contract/constants';
import { isMessageKey, type MessageKey } from '@ems/contract/messages';
import { RANGE_RULE_KEYS } from '@ems/contract/messages-commands';
import { Status } from '@ems/contract/status-codes';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { AppError, fieldError, noPermission } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { isAdmin } from '../access/require-admin';
import { accessibleStationIds, requireStationAccess } from '../access/station-access';
import {
  commandsInStates,
  findParamDevice,
  lastVerified,
  type ParamDevice,
  pageCommands,
  readReported,
  type StoredCommand,
  toCommandRow,
} from './repo';
import { setBatcherOf } from './set-batch';

/** True when `user` may change the settings of a device on a site owned by `ownerId`. */
const maySet = (user: SessionUser, ownerId: number | null) => isAdmin(user) || ownerId === user.userId;

/**
 * The parameters the Parameters tab shows for `device`: those its gateway announced it can write
 * (issue 32), else its type's (spec §1).
 */
export const shownParams = (device: Pick<ParamDevice, 'deviceType' | 'writableParams'>): ParamKey[] =>
  device.writableParams
    ? PARAM_KEYS.filter((k) => device.writableParams!.includes(k))
    : [...paramsOfType(device.deviceType)];

/**
 * The device `deviceId` on a site the caller may view.
 * @throws noPermission when it is missing, in the inventory, or on a site the caller may not view.
 */
async function requireViewableDevice(
  db: DbHandle,
  user: SessionUser,
  deviceId: number,
): Promise<ParamDevice> {
  const device = await findParamDevice(db, deviceId);
  if (!device || device.stationId === null) throw noPermission();
  await requireStationAccess(db, user, device.stationId);
  return device;
}

/**
 * The values the device will have once every pending command is applied: reported ⊕ the pending
 * commands' params, in order.
 */
function effectiveValues(
  reported: DeviceParamsPatch,
  pending: readonly DeviceParamsPatch[],
): DeviceParamsPatch {
  const out: DeviceParamsPatch = { ...reported };
  for (const params of pending) Object.assign(out, params);
  return out;
}

/**
 * Parameters whose report, newer than the last verified command that set them, shows another value:
 * changed (or reverted) on the device since.
 */
function changedOnDevice(
  reported: { values: DeviceParamsPatch; reportedAt: Date } | undefined,
  verified: readonly StoredCommand[],
): string[] {
  if (!reported) return [];
  const seen = new Set<string>();
  const changed: string[] = [];
  for (const c of verified) {
    for (const [key, value] of Object.entries(c.params)) {
      if (seen.has(key)) continue;
      seen.add(key);
      const now = reported.values[key as ParamKey];
      const after = c.verifiedAt && reported.reportedAt > c.verifiedAt;
      if (after && now !== undefined && !sameParamValue(now, value)) changed.push(key);
    }
  }
  return changed;
}

/** GET device/params: what the device reported, what is pending, what it has, whether the caller may set. */
export async function getParams(
  db: DbHandle,
  user: SessionUser,
  deviceId: number,
): Promise<DeviceParamsAnswer> {
  const device = await requireViewableDevice(db, user, deviceId);
  const owner = maySet(user, device.ownerId);
  const [reported, pending, verified] = await Promise.all([
    readReported(db, deviceId),
    commandsInStates(db, deviceId, PENDING_STATES),
    lastVerified(db, deviceId, 50),
  ]);
  const seen = device.lastSeenAt ? new Date(device.lastSeenAt).getTime() : 0;
  return {
    deviceId,
    deviceName: device.name,
    deviceType: device.deviceType,
    supported: shownParams(device),
    reported: (reported?.values ?? {}) as Record<string, unknown>,
    reportedAt: reported ? new Date(reported.reportedAt).toISOString() : null,
    pending: pending.map((c) => toCommandRow(c, owner)),
    changedOnDevice: changedOnDevice(reported, verified),
    canSet: owner,
    online: Date.now() - seen < DEVICE_OFFLINE_AFTER_MS,
  };
}

/**
 * The first rule `merged` breaks, preferring one on a parameter the caller asked for, as the error the
 * call answers: "data out of range" (spec §5) for ranges and the SOC gap, 非法输入 otherwise.
 */
function ruleError(merged: Record<string, unknown>, asked: readonly string[]): AppError | null {
  const result = DeviceParamsSchema.safeParse(merged);
  if (result.success) return null;
  const issues = result.error.issues;
  const issue = issues.find((i) => asked.includes(String(i.path[0]))) ?? issues[0]!;
  const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'common.illegalInput';
  const status = RANGE_RULE_KEYS.has(key) ? Status.OUT_OF_RANGE : Status.ILLEGAL_INPUT;
  return new AppError(status, key, { data: { field: issue.path.join('.') } });
}

/** Who asks, for the audit. */
export interface Asker {
  user: SessionUser;
  ip: string | null;
}

/**
 * POST device/params/set: checks every rule on the values the device will have (reported ⊕ pending ⊕
 * asked), leaves out values the device has or is about to have, and records the rest as a queued command
 * whose dispatch job is added in the same transaction.
 * @returns the answer and its message (params.recorded, or params.unchanged when nothing is written).
 * @throws noPermission unless the caller owns the device's site or is the administrator;
 *   fieldError params.notOfDevice for a parameter the device type lacks; a rule's error (ruleError).
 */
export async function setParams(
  db: DbHandle,
  queue: JobQueue,
  asker: Asker,
  body: DeviceParamsSetBody,
): Promise<{ answer: DeviceParamsSetAnswer; msgKey: MessageKey }> {
  const { user } = asker;
  const batcher = setBatcherOf(db, queue);
  const context = await batcher.context(body.deviceId);
  const device = context?.device;
  if (!context || !device || device.stationId === null || !maySet(user, device.ownerId)) throw noPermission();
  const asked = body.params as DeviceParamsPatch;
  const keys = Object.keys(asked) as ParamKey[];
  // A parameter a gateway did not announce still travels: the gateway answers it not supported, naming it.
  const supported = [...paramsOfType(device.deviceType), ...shownParams(device)];
  const foreign = keys.find((k) => !supported.includes(k));
  if (foreign) throw fieldError('params.notOfDevice', foreign);

  const { reported, pending } = context;
  const current = effectiveValues(reported?.values ?? {}, pending);
  const error = ruleError({ ...PARAM_DEFAULTS, ...current, ...asked }, keys);
  if (error) throw error;

  const { changed, unchanged } = diffParams(asked, current);
  const sent = Object.keys(changed);
  if (sent.length === 0) {
    return { answer: { commandId: null, state: null, sent, unchanged }, msgKey: 'params.unchanged' };
  }
  const before = Object.fromEntries(sent.map((k) => [k, reported?.values[k as ParamKey] ?? null]));
  const id = randomUUID();
  const stationId = device.stationId;
  await batcher.record({
    id,
    device: { id: device.id, name: device.name, serialNumber: device.serialNumber, stationId },
    user,
    ip: asker.ip,
    params: changed,
    before,
  });
  return { answer: { commandId: id, state: 'queued', sent, unchanged }, msgKey: 'params.recorded' };
}

/**
 * GET device/command/list: the device's commands on the sites the caller may view (so the audit stays
 * readable after the device left the site or was deleted), newest first; addresses only for the site's
 * owner and the administrator.
 * @throws noPermission when the caller may view none of its commands nor the device itself.
 */
export async function listCommands(
  db: DbHandle,
  user: SessionUser,
  q: { deviceId: number; pageNum?: number | undefined; pageSize?: number | undefined },
): Promise<CommandPage> {
  const pageSize = q.pageSize ?? 10;
  const page = { offset: ((q.pageNum ?? 1) - 1) * pageSize, limit: pageSize };
  const stationIds = isAdmin(user) ? null : await accessibleStationIds(db, user);
  const { rows, total } = await pageCommands(db, q.deviceId, stationIds, page);
  if (total === 0) await requireViewableDevice(db, user, q.deviceId);
  const admin = isAdmin(user);
  return { data: rows.map((c) => toCommandRow(c, admin || c.ownerId === user.userId)), total };
}
