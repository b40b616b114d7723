/**
 * Remote settings as tracked commands (issue 21, docs/commands.md): the calls under
 * /owner_api/webpvesc/ajax/device (device/params, device/params/set, device/command/list), the states a
 * command goes through, their time limits, and the two MQTT payloads of docs/device-protocol.md §7 (the
 * command the platform publishes, the device's acknowledgement).
 */
import { z } from 'zod';
import { idField, pageNumField, pageSizeField } from '../bounds';
import { languageIdField } from './common';
import { DeviceParamsPatchSchema, PARAM_KEYS, type ParamKey } from './device-params';

/**
 * States of a command. queued: recorded, not yet sent (the device is offline, or another command of the
 * device is in flight); sent: published, waiting for the device's answer; applied / failed: the device's
 * answer (failed with its reason); timedOut: no answer within COMMAND_ACK_TIMEOUT_S; expired: still queued
 * COMMAND_EXPIRE_S after it was asked (or its device left the site), never sent; verified: applied, and a
 * later report of the device shows every value asked.
 */
export const COMMAND_STATES = [
  'queued',
  'sent',
  'applied',
  'failed',
  'timedOut',
  'expired',
  'verified',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** States in which a command still changes what the device will have (its values count as the device's). */
export const PENDING_STATES: readonly CommandState[] = ['queued', 'sent', 'applied'];
/** States after which nothing more happens to a command (a late answer may still turn timedOut into applied). */
export const FINAL_STATES: readonly CommandState[] = ['failed', 'expired', 'verified'];

/** A device answers a command within this many seconds of its sending, else the command is timed out. */
export const COMMAND_ACK_TIMEOUT_S = 30;
/** A command still queued (device offline) this long after it was asked expires unsent: 24 h. */
export const COMMAND_EXPIRE_S = 86_400;
/** How often the platform looks for commands past their time (timeouts are seen 30–35 s after sending). */
export const COMMAND_SWEEP_S = 5;

// ---- MQTT payloads (docs/device-protocol.md §7) ----

/** The command the platform publishes on `ems/v1/{SN}/command` (QoS 1, not retained). */
export const CommandMessageSchema = z.object({
  /** The command's id (UUID): the device applies an id at most once and answers a repeat again. */
  id: z.uuid(),
  type: z.literal('setParams'),
  /** The parameters to write, in the API's names and values (device-params.ts). */
  params: DeviceParamsPatchSchema,
  /** When it was sent, epoch ms. */
  ts: z.number().int(),
  /** The device should not apply it after this instant, epoch ms (answer failed, reason "expired"). */
  expiresAt: z.number().int(),
});
export type CommandMessage = z.infer<typeof CommandMessageSchema>;

/** The device's answer on `ems/v1/{SN}/command/ack` (QoS 1). */
export const CommandAckSchema = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(['applied', 'failed']),
  /** Why it failed (or a note on an applied one), the device's own words, at most 200 characters. */
  reason: z.string().max(200).optional(),
  /** When the device decided, epoch ms or seconds, or ISO-8601 with zone. */
  ts: z.union([z.number(), z.string().max(40)]).optional(),
});
export type CommandAck = z.infer<typeof CommandAckSchema>;

// ---- calls ----

/** Query of GET device/params. */
export const DeviceParamsQuerySchema = z.object({ deviceId: idField, languageId: languageIdField });

/** A command as device/params lists the ones still pending and device/command/list lists all. */
export const CommandRowSchema = z.object({
  commandId: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  /** Login name of who asked. */
  userName: z.string(),
  /** Address the request came from: owner and administrator only (null for a shared viewer). */
  ip: z.string().nullable(),
  /** The values sent. */
  params: z.record(z.string(), z.unknown()),
  /** What the device reported for those parameters when the command was asked (null: never reported). */
  before: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  /** The device's reason (failed), or the platform's (expired, timedOut). */
  reason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  ackedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type CommandRow = z.infer<typeof CommandRowSchema>;

/** data of GET device/params. */
export const DeviceParamsAnswerSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceType: z.string(),
  /** The parameters this device type has (empty: none, the Parameters tab is not shown). */
  supported: z.array(z.enum(PARAM_KEYS as [ParamKey, ...ParamKey[]])),
  /** What the device last reported (only the parameters it reported), and the sample's time. */
  reported: z.record(z.string(), z.unknown()),
  reportedAt: z.string().nullable(),
  /** Commands not yet settled (queued, sent, applied but not yet seen in a report), oldest first. */
  pending: z.array(CommandRowSchema),
  /**
   * Parameters whose reported value differs from the one the last verified command set, reported after
   * it: changed on the device itself (or reverted) since the platform set them.
   */
  changedOnDevice: z.array(z.string()),
  /** Whether the caller may change them (the site's owner and the administrator). */
  canSet: z.boolean(),
  /** Whether the device is connected now (a queued command waits for it). */
  online: z.boolean(),
});
export type DeviceParamsAnswer = z.infer<typeof DeviceParamsAnswerSchema>;

/** Body of POST device/params/set. */
export const DeviceParamsSetBodySchema = z.object({
  deviceId: idField,
  params: DeviceParamsPatchSchema,
  languageId: languageIdField,
});
export type DeviceParamsSetBody = z.infer<typeof DeviceParamsSetBodySchema>;

/** data of device/params/set: the command recorded, or none when every value was already the device's. */
export const DeviceParamsSetAnswerSchema = z.object({
  /** Null when nothing had to be written. */
  commandId: z.string().nullable(),
  state: z.enum(COMMAND_STATES).nullable(),
  /** Keys the command writes. */
  sent: z.array(z.string()),
  /** Keys left out: the device has (or is about to have) that value already. */
  unchanged: z.array(z.string()),
});
export type DeviceParamsSetAnswer = z.infer<typeof DeviceParamsSetAnswerSchema>;

/** Query of GET device/command/list (pages of 10 from 1 by default, as spec §9's alarm pages). */
export const CommandListQuerySchema = z.object({
  deviceId: idField,
  pageNum: pageNumField.optional(),
  pageSize: pageSizeField.optional(),
  languageId: languageIdField,
});

/** data of device/command/list: newest first. */
export const CommandPageSchema = z.object({ data: z.array(CommandRowSchema), total: z.number().int() });
export type CommandPage = z.infer<typeof CommandPageSchema>;
