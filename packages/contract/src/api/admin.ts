/**
 * Administrator console calls (issue 3 §6), under /owner_api/webpvesc/ajax/manage. Every one needs the
 * 'admin' role; others get 无操作权限 (40300).
 */
import { z } from 'zod';
import { boundedInt, INT32_MAX, idField, pageNumField, pageSizeField, safeString } from '../bounds';
import { INVENTORY_IMPORT_MAX, LIMIT_SETTING_MAX } from '../constants';
import { DEVICE_TYPES } from '../telemetry';
import { optionalEmailField, optionalText, portField, smtpHostField, text } from '../validation';
import { PlanOrderSchema } from './account';
import { languageIdField } from './common';
import { OCPP_IDENTITY_MAX, OCPP_IDENTITY_PATTERN } from './ocpp';

/** A per-user limit as the console sets it (null: back to the default). */
const limitSetting = boundedInt(0, LIMIT_SETTING_MAX, 'common.outOfRange').nullable().optional();

/** The role that opens the console (and, on the server, every station). */
export const ADMIN_ROLE = 'admin';
/** User types of spec §3: 1 standard, 2 premium, 3 protocol (agreement), 4 fourth. */
export const USER_TYPES = [1, 2, 3, 4] as const;
/**
 * The user types an administrator is offered (issue 24 item 12): the spec names three (standard,
 * premium, protocol) and only mentions "a fourth type", so 4 is not offered; an account that already
 * has it shows it as "Other" and keeps it until changed.
 */
export const OFFERED_USER_TYPES = [1, 2, 3] as const;

export const PageQuerySchema = z.object({
  pageNum: pageNumField.default(1),
  pageSize: pageSizeField.default(10),
  filterText: safeString(90).optional(),
  languageId: languageIdField,
});

/** GET manage/users row. */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  usertype: z.number().int(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  createdAt: z.string(),
  stationCount: z.number().int(),
  /** Devices on the user's sites. */
  deviceCount: z.number().int(),
  /** Spec §9 limits set for this user; null: the contract's DEFAULT_MAX_STATIONS / DEFAULT_MAX_DEVICES. */
  maxStations: z.number().int().nullable(),
  maxDevices: z.number().int().nullable(),
});
export const AdminUserPageSchema = z.object({ rows: z.array(AdminUserSchema), total: z.number().int() });
/** POST manage/users/edit: change a user's type or disable/enable it (disabling ends its sessions). */
export const AdminUserEditBodySchema = z.object({
  userId: idField,
  usertype: z.union(USER_TYPES.map((t) => z.literal(t))).optional(),
  disabled: z.boolean().optional(),
  /** Per-user limits (spec §9): 0..LIMIT_SETTING_MAX, null back to the default; beyond: data out of range. */
  maxStations: limitSetting,
  maxDevices: limitSetting,
  languageId: languageIdField,
});

/**
 * How an imported device reaches the platform: `mqtt` through its logger (the default), or `ocpp`, a
 * charger speaking OCPP 1.6J itself (issue 22 item 3; docs/ocpp.md "Importing chargers").
 */
export const DEVICE_PROTOCOLS = ['mqtt', 'ocpp'] as const;
export type DeviceProtocol = (typeof DEVICE_PROTOCOLS)[number];

/**
 * One device of an inventory import (issue 7 §3): what the manufacturer's CSV lists. `protocol` empty or
 * absent is mqtt; an ocpp row is a charger whose serial number is its OCPP identity (OCPP_IDENTITY_MAX
 * characters of OCPP_IDENTITY_PATTERN), and its secret is the charger's Basic-auth key.
 */
export const InventoryDeviceSchema = z
  .object({
    serialNumber: text(1, 50),
    commSerialNumber: text(1, 50),
    type: z.enum(DEVICE_TYPES),
    model: optionalText(50),
    manufacturer: optionalText(50),
    protocol: z.union([z.literal(''), z.enum(DEVICE_PROTOCOLS)]).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.protocol !== 'ocpp') return;
    if (d.type !== 'charger')
      ctx.addIssue({ code: 'custom', message: 'inventory.ocppCharger', path: ['type'] });
    const sn = d.serialNumber.trim();
    if (sn.length > OCPP_IDENTITY_MAX || !OCPP_IDENTITY_PATTERN.test(sn)) {
      ctx.addIssue({ code: 'custom', message: 'inventory.ocppIdentity', path: ['serialNumber'] });
    }
  });
/** An inventory row's protocol, empty or absent read as mqtt. */
export const protocolOf = (d: { protocol?: '' | DeviceProtocol | undefined }): DeviceProtocol =>
  d.protocol === 'ocpp' ? 'ocpp' : 'mqtt';
/** POST manage/devices/import: devices into the inventory; answers each one's MQTT secret, once. */
export const InventoryImportBodySchema = z.object({
  devices: z.array(InventoryDeviceSchema).min(1).max(INVENTORY_IMPORT_MAX, { error: 'common.outOfRange' }),
  languageId: languageIdField,
});
/** data of manage/devices/import: the secrets to flash into the loggers (for an ocpp charger its Basic-auth
 * key); the server keeps only hashes. */
export const InventoryImportResultSchema = z.array(
  z.object({
    serialNumber: z.string(),
    commSerialNumber: z.string(),
    secret: z.string(),
    protocol: z.enum(DEVICE_PROTOCOLS),
  }),
);

/** Where an inventory device is (issue 24 item 9): in stock (on no site) or on a site. */
export const INVENTORY_STATES = ['stock', 'site'] as const;
/** GET manage/devices/list: the inventory, newest first; `state` narrows, filterText matches the serials. */
export const InventoryQuerySchema = PageQuerySchema.extend({
  state: z.enum(INVENTORY_STATES, { error: 'common.illegalInput' }).optional(),
});
/** One inventory device and where it is (the site and its owner while it is on one). */
export const InventoryRowSchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  commSerialNumber: z.string().nullable(),
  type: z.string(),
  model: z.string().nullable(),
  manufacturer: z.string().nullable(),
  /** ISO 8601 time of the import (or of the device's first registration). */
  createdAt: z.string(),
  state: z.enum(INVENTORY_STATES),
  stationId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  ownerName: z.string().nullable(),
});
export type InventoryRow = z.infer<typeof InventoryRowSchema>;
export const InventoryPageSchema = z.object({ rows: z.array(InventoryRowSchema), total: z.number().int() });

/** SMTP settings (spec §3). The password is write-only: GET answers `hasPassword`. */
export const SMTP_SECURITY = ['none', 'ssl', 'tls'] as const;
export const SmtpSettingsBodySchema = z.object({
  host: smtpHostField,
  port: portField,
  security: z.enum(SMTP_SECURITY),
  /** The e-mail account signing in to the server (spec §5 e-mail rule: empty allowed, else an address). */
  username: optionalEmailField,
  /** Omitted or empty keeps the stored password. */
  password: safeString(200).optional(),
  fromAddress: safeString(90, { trim: true }).email({ error: 'validation.email' }),
  languageId: languageIdField,
});
export const SmtpSettingsSchema = z.object({
  configured: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: z.enum(SMTP_SECURITY).nullable(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  fromAddress: z.string().nullable(),
});
export type SmtpSettings = z.infer<typeof SmtpSettingsSchema>;
/** POST manage/smtp/test: queues a test mail to `to`. */
export const SmtpTestBodySchema = z.object({
  to: safeString(90, { trim: true }).email({ error: 'validation.email' }),
  languageId: languageIdField,
});

/** GET manage/outbox row: what the mail sender holds (without SMTP, this is where mail can be read). */
export const OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;
export const OutboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const OutboxPageSchema = z.object({ rows: z.array(OutboxMailSchema), total: z.number().int() });

/** POST manage/languages/edit: rename a language (the list itself is fixed by the app's translations). */
export const LanguageEditBodySchema = z.object({
  id: idField,
  languageName: text(2, 50),
  languageId: languageIdField,
});

/** Dictionaries (spec §3 keys sys_timezone, sys_currencysymbol). */
export const AdminDictionaryItemSchema = z.object({
  id: z.number().int(),
  dictType: z.string(),
  dictLabel: z.string(),
  dictValue: z.string(),
  sort: z.number().int(),
});
export const AdminDictionaryQuerySchema = PageQuerySchema.extend({ dictType: safeString(50).optional() });
export const AdminDictionaryPageSchema = z.object({
  rows: z.array(AdminDictionaryItemSchema),
  total: z.number().int(),
});
export const DictionaryEditBodySchema = z.object({
  id: idField.optional(),
  dictType: z.enum(['sys_timezone', 'sys_currencysymbol']),
  dictLabel: text(1, 90),
  dictValue: text(1, 90),
  sort: boundedInt(0, 100_000).default(0),
  languageId: languageIdField,
});
export const DictionaryDeleteBodySchema = z.object({ id: idField, languageId: languageIdField });

/** App versions: what /download/app and /update/version show (GET app/version/last, public). */
export const APP_PLATFORMS = ['android', 'ios'] as const;
export const AppVersionSchema = z.object({
  id: z.number().int(),
  platform: z.enum(APP_PLATFORMS),
  versionName: z.string(),
  versionCode: z.number().int(),
  downloadUrl: z.string().nullable(),
  releaseNotes: z.string(),
  forceUpdate: z.boolean(),
  publishedAt: z.string(),
});
export type AppVersion = z.infer<typeof AppVersionSchema>;
export const AppVersionCreateBodySchema = z.object({
  platform: z.enum(APP_PLATFORMS),
  versionName: safeString(30, { trim: true }).regex(/^V?\d+(\.\d+){1,3}$/, { error: 'common.illegalInput' }),
  versionCode: boundedInt(1, INT32_MAX),
  downloadUrl: z.union([z.literal(''), safeString(500).url({ error: 'validation.url' })]).optional(),
  releaseNotes: text(1, 2000),
  forceUpdate: z.boolean().default(false),
  languageId: languageIdField,
});
/** GET app/version/last?platform=: the newest version per platform (both when platform is omitted). */
export const AppVersionLastQuerySchema = z.object({
  platform: z.enum(APP_PLATFORMS).optional(),
  languageId: languageIdField,
});
export const AppVersionLastSchema = z.array(AppVersionSchema);

/** GET manage/plans/orders (issue 24 item 15): plan orders, newest first; `state` narrows. */
export const PlanOrderQuerySchema = PageQuerySchema.extend({
  state: z.enum(['pending', 'confirmed', 'cancelled'], { error: 'common.illegalInput' }).optional(),
});
/** One plan order with whom it is for. */
export const AdminPlanOrderSchema = PlanOrderSchema.extend({
  userId: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
});
export type AdminPlanOrder = z.infer<typeof AdminPlanOrderSchema>;
export const AdminPlanOrderPageSchema = z.object({
  rows: z.array(AdminPlanOrderSchema),
  total: z.number().int(),
});
/** POST manage/plans/confirm: customer service confirms the payment of a pending order. */
export const PlanConfirmBodySchema = z.object({ orderId: idField, languageId: languageIdField });
