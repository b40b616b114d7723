/**
 * Operating OCPP 1.6J chargers from the station page (issue 22 items 4 and 5, docs/ocpp.md): the site's
 * chargers and their connectors, remote operations as tracked commands, and the site's charging power
 * limit (smart charging), under /owner_api/webpvesc/ajax/station.
 */
import { z } from 'zod';
import { boundedInt, boundedNumber, idField, pageNumField, pageSizeField } from '../bounds';
import { idParam, languageIdField } from './common';
import { idTagField } from './ocpp';
import { ChargerSolarSchema } from './solar-charging';

/** Operations an owner asks of a charger (OCPP 1.6 core and remote trigger profiles). */
export const CHARGER_USER_ACTIONS = [
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'UnlockConnector',
  'Reset',
  'ChangeAvailability',
] as const;
/** Calls the platform makes by itself or on request for smart charging (OCPP 1.6 smart charging profile). */
export const CHARGER_PLATFORM_ACTIONS = [
  'SetChargingProfile',
  'ClearChargingProfile',
  'GetCompositeSchedule',
] as const;
/**
 * Settings kept by the platform, recorded as commands for the audit but sent to no charger:
 * `SetSolarMode` (issue 33, station/charger/mode), answered `accepted` at once.
 */
export const CHARGER_SETTING_ACTIONS = ['SetSolarMode'] as const;
/** Every action a charger command may carry. */
export const CHARGER_ACTIONS = [
  ...CHARGER_USER_ACTIONS,
  ...CHARGER_PLATFORM_ACTIONS,
  ...CHARGER_SETTING_ACTIONS,
] as const;
export type ChargerAction = (typeof CHARGER_ACTIONS)[number];

/**
 * States of a charger command: `queued` (recorded, not yet on the charger's socket), `sent` (called,
 * awaiting the answer), `accepted` / `rejected` (the charger's answer status: Accepted, Scheduled and
 * Unlocked count as accepted; Rejected, NotSupported, UnlockFailed… as rejected), `timedOut` (no answer
 * within CHARGER_CALL_TIMEOUT_S), `failed` (the charger was not connected, or answered a CALLERROR).
 */
export const CHARGER_COMMAND_STATES = [
  'queued',
  'sent',
  'accepted',
  'rejected',
  'timedOut',
  'failed',
] as const;
export type ChargerCommandState = (typeof CHARGER_COMMAND_STATES)[number];
/** States after which a command changes no more. */
export const CHARGER_FINAL_STATES: readonly ChargerCommandState[] = [
  'accepted',
  'rejected',
  'timedOut',
  'failed',
];
/** Seconds a charger has to answer a call before its command times out (OCPP leaves it to the system). */
export const CHARGER_CALL_TIMEOUT_S = 30;
/** Seconds a command may wait queued for the node holding its charger before it fails. */
export const CHARGER_QUEUE_TIMEOUT_S = 60;

/** Connector 0 is the whole charger (OCPP 1.6 §3.6); 1.. are its outlets. */
const connectorField = boundedInt(0, 64);
const outletField = boundedInt(1, 64);

/** POST charger/command body: one operation of one charger, by its OCPP action name. */
export const ChargerCommandBodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('RemoteStartTransaction'),
    deviceId: idField,
    connectorId: outletField.optional(),
    idTag: idTagField,
    languageId: languageIdField,
  }),
  z.object({
    action: z.literal('RemoteStopTransaction'),
    deviceId: idField,
    transactionId: idField,
    languageId: languageIdField,
  }),
  z.object({
    action: z.literal('UnlockConnector'),
    deviceId: idField,
    connectorId: outletField,
    languageId: languageIdField,
  }),
  z.object({
    action: z.literal('Reset'),
    deviceId: idField,
    type: z.enum(['Soft', 'Hard']),
    languageId: languageIdField,
  }),
  z.object({
    action: z.literal('ChangeAvailability'),
    deviceId: idField,
    connectorId: connectorField,
    type: z.enum(['Operative', 'Inoperative']),
    languageId: languageIdField,
  }),
]);
export type ChargerCommandBody = z.infer<typeof ChargerCommandBodySchema>;

/**
 * One charger command as listed. Times in epoch ms. `params` is the OCPP call's payload as sent;
 * `status` the charger's answer status (e.g. "Accepted", "Rejected"), `result` the whole answer when it
 * carries more (GetCompositeSchedule's schedule), `error` the CALLERROR code or why it failed.
 * `userName` is who asked; null for the platform's own calls (smart charging).
 */
export const ChargerCommandRowSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  action: z.enum(CHARGER_ACTIONS),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(CHARGER_COMMAND_STATES),
  status: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  answeredAt: z.number().nullable(),
});
export type ChargerCommandRow = z.infer<typeof ChargerCommandRowSchema>;

/** GET charger/command/list query: a charger's commands, newest first. */
export const ChargerCommandListQuerySchema = z.object({
  deviceId: idParam,
  pageNum: pageNumField.default(1),
  pageSize: pageSizeField.default(20),
  languageId: languageIdField,
});
/** data of charger/command/list. */
export const ChargerCommandPageSchema = z.object({
  total: z.number().int(),
  rows: z.array(ChargerCommandRowSchema),
});
export type ChargerCommandPage = z.infer<typeof ChargerCommandPageSchema>;

/** GET charger/list query: the chargers of one charging site. */
export const ChargerListQuerySchema = z.object({ stationId: idParam, languageId: languageIdField });

/** One connector of a charger as last reported (StatusNotification), with its open session if any. */
export const ChargerConnectorSchema = z.object({
  connectorId: z.number().int(),
  /** OCPP 1.6 ChargePointStatus: Available, Preparing, Charging, SuspendedEV, …, Faulted. */
  status: z.string(),
  errorCode: z.string().nullable(),
  /** The open session's transaction id, null when none. */
  transactionId: z.number().int().nullable(),
  idTag: z.string().nullable(),
  /** Power now, kW; null when the charger sent none. */
  powerKw: z.number().nullable(),
});
/** A charger of the site: its identity, what it said at boot, whether its socket is open now. */
export const ChargerRowSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  /** The OCPP identity (the device's serial number); "" for a friend the site is shared with (issue 19). */
  identity: z.string(),
  /** A server process holds the charger's WebSocket now. */
  online: z.boolean(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  /** Last message from the charger, epoch ms; null before its first. */
  lastSeenAt: z.number().nullable(),
  connectors: z.array(ChargerConnectorSchema),
  /** The power limit smart charging gave it now, kW; null when the site has no limit. */
  limitKw: z.number().nullable(),
  /** Its solar-charging mode and the controller's last decision (issue 33); null: not under solar control. */
  solar: ChargerSolarSchema.nullable(),
});
export type ChargerRow = z.infer<typeof ChargerRowSchema>;

/** Highest site charging limit accepted, kW (a large depot). */
export const SITE_CHARGE_LIMIT_MAX_KW = 10_000;
/** Least power a charging connector is given under a site limit, kW: 6 A on one phase at 230 V. */
export const MIN_CHARGING_KW = 1.4;

/** POST charger/limit/set body: the site's charging power limit in kW, null to lift it. */
export const SiteChargeLimitBodySchema = z.object({
  stationId: idField,
  limitKw: boundedNumber(1, SITE_CHARGE_LIMIT_MAX_KW).nullable(),
  languageId: languageIdField,
});
/** GET charger/limit query. */
export const SiteChargeLimitQuerySchema = z.object({ stationId: idParam, languageId: languageIdField });
/**
 * data of charger/limit and charger/limit/set: the limit and how it is divided now: each charger's
 * TxDefaultProfile limit (kW), and whether it is charging.
 */
export const SiteChargeLimitSchema = z.object({
  limitKw: z.number().nullable(),
  allocations: z.array(z.object({ deviceId: z.number().int(), limitKw: z.number(), charging: z.boolean() })),
});
export type SiteChargeLimit = z.infer<typeof SiteChargeLimitSchema>;

/** POST charger/schedule body: ask a charger for its composite schedule (GetCompositeSchedule). */
export const ChargerScheduleBodySchema = z.object({
  deviceId: idField,
  connectorId: connectorField.default(0),
  /** Seconds ahead, at most a day. */
  duration: boundedInt(60, 86_400).default(3600),
  languageId: languageIdField,
});
