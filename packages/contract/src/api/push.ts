/**
 * Push (issue 20; spec §1 alarm push by e-mail, the app and a messaging-service official account,
 * periodic data, alarm and generation reports; §2 push settings and receiving mailboxes; §3 push
 * configuration; §4 push levels; §5 multi-select caps). Calls under /owner_api/webpvesc/ajax/push, and the
 * console's official-account settings under manage/push. Times of day are `HH:mm` in the user's time zone.
 */
import { z } from 'zod';
import { idField, pageNumField, pageSizeField, safeString } from '../bounds';
import { SELECTION_CAPS } from '../constants';
import { emailField, validCodeField } from '../validation';
import { PUSH_LEVELS, type PushLevel } from './alarm';
import { languageIdField } from './common';

/** What a rule pushes: alarms as they happen, or a periodic report (spec §1). */
export const PUSH_KINDS = ['alarm', 'data', 'alarmReport', 'generation'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
/** Where a message goes (spec §1): e-mail, the installed web app (Web Push), the official account. */
export const PUSH_CHANNELS = ['email', 'app', 'officialAccount'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];
/** How often a report rule pushes. */
export const PUSH_PERIODS = ['day', 'week', 'month'] as const;
export type PushPeriod = (typeof PUSH_PERIODS)[number];
/** Push levels of spec §4, in order. */
export const PUSH_LEVEL_NAMES = Object.keys(PUSH_LEVELS) as PushLevel[];

/** Receiving mailboxes per user, the account's own verified address included (issue 20 §2). */
export const MAX_MAILBOXES = 5;
/** Sites or devices a rule names: spec §5's largest multi-select cap. */
export const MAX_RULE_OBJECTS = SELECTION_CAPS[2];
/** Rules per user. */
export const MAX_PUSH_RULES = 20;
/** Browsers subscribed to Web Push per user; subscribing one more drops the oldest (issue 20 §4). */
export const MAX_APP_SUBSCRIPTIONS = 20;
/** A flapping code gives one message, then at most one digest per this many seconds (issue 20 §3). */
export const FLAP_DIGEST_S = 600;

/** A time of day `HH:mm` (00:00–23:59) in the user's time zone. */
export const clockField = safeString(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });

/** An id list of at most `max` distinct ids (spec §5 multi-select caps). */
const idList = (max: number) =>
  z
    .array(idField)
    .max(max, { error: 'push.tooMany' })
    .refine((v) => new Set(v).size === v.length, { error: 'common.illegalInput' });

/** The fields of a push rule as the user edits them (POST push/config/save; `id` present means edit). */
const PushRuleFields = z.object({
  id: idField.optional(),
  kind: z.enum(PUSH_KINDS, { error: 'common.illegalInput' }),
  channels: z
    .array(z.enum(PUSH_CHANNELS, { error: 'common.illegalInput' }))
    .min(1, { error: 'push.channelRequired' })
    .max(PUSH_CHANNELS.length)
    .refine((v) => new Set(v).size === v.length, { error: 'common.illegalInput' }),
  /** Sites of the rule; empty: every site the user can see (their own and those shared with them). */
  stationIds: idList(MAX_RULE_OBJECTS).default([]),
  /** Devices of the rule (of the chosen sites); empty: every device of them. */
  deviceIds: idList(MAX_RULE_OBJECTS).default([]),
  /** Alarm rules: the push levels to receive (spec §4); at least one. */
  alarmLevels: z
    .array(z.enum(PUSH_LEVEL_NAMES as [PushLevel, ...PushLevel[]], { error: 'common.illegalInput' }))
    .max(PUSH_LEVEL_NAMES.length)
    .default([]),
  /** Alarm rules: also tell when the alarm clears. */
  notifyCleared: z.boolean().default(false),
  /** Report rules: how often. */
  period: z.enum(PUSH_PERIODS, { error: 'common.illegalInput' }).optional(),
  /** Report rules: when, `HH:mm` in the user's time zone. */
  pushTime: clockField.optional(),
  /** Receive language (spec §3): the language messages of this rule are written in. */
  receiveLanguageId: idField,
  /** E-mail channel: the verified receiving mailboxes; empty: the account's own verified e-mail. */
  mailboxIds: idList(MAX_MAILBOXES).default([]),
  /** Quiet hours `HH:mm`–`HH:mm` in the user's time zone (may wrap midnight); fatal alarms still go. */
  quietFrom: clockField.nullable().default(null),
  quietTo: clockField.nullable().default(null),
  enabled: z.boolean().default(true),
  languageId: languageIdField,
});

/**
 * Body of POST push/config/save, with the rules across fields: an alarm rule names its levels; a report
 * rule its period and push time; quiet hours have both ends or none.
 */
export const PushRuleSaveSchema = PushRuleFields.superRefine((r, ctx) => {
  if (r.kind === 'alarm' && r.alarmLevels.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'push.levelRequired', path: ['alarmLevels'] });
  }
  if (r.kind !== 'alarm' && r.period === undefined) {
    ctx.addIssue({ code: 'custom', message: 'push.periodRequired', path: ['period'] });
  }
  if (r.kind !== 'alarm' && r.pushTime === undefined) {
    ctx.addIssue({ code: 'custom', message: 'push.timeRequired', path: ['pushTime'] });
  }
  if ((r.quietFrom === null) !== (r.quietTo === null)) {
    ctx.addIssue({ code: 'custom', message: 'push.quietBothEnds', path: ['quietTo'] });
  }
});
export type PushRuleSave = z.infer<typeof PushRuleSaveSchema>;

/** A saved rule as push/config/list answers it. */
export const PushRuleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PUSH_KINDS),
  channels: z.array(z.enum(PUSH_CHANNELS)),
  stationIds: z.array(z.number().int()),
  deviceIds: z.array(z.number().int()),
  alarmLevels: z.array(z.string()),
  notifyCleared: z.boolean(),
  period: z.enum(PUSH_PERIODS).nullable(),
  pushTime: z.string().nullable(),
  receiveLanguageId: z.number().int(),
  mailboxIds: z.array(z.number().int()),
  quietFrom: z.string().nullable(),
  quietTo: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type PushRule = z.infer<typeof PushRuleSchema>;

/** Body of push/config/del and push/mailbox/del. */
export const PushIdBodySchema = z.object({ id: idField, languageId: languageIdField });

/** A receiving mailbox (spec §2); `own` is the account's own e-mail (verified in the personal centre). */
export const MailboxSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  verified: z.boolean(),
  own: z.boolean(),
  createdAt: z.string(),
});
export type Mailbox = z.infer<typeof MailboxSchema>;
/** Body of push/mailbox/add: the address gets a 6-character code. */
export const MailboxAddSchema = z.object({ email: emailField, languageId: languageIdField });
/** Body of push/mailbox/verify. */
export const MailboxVerifySchema = z.object({
  id: idField,
  validCode: validCodeField,
  languageId: languageIdField,
});

/** State of one channel for the caller (issue 20 §1): set up by the administrator, and bound by the user. */
export const ChannelStateSchema = z.object({
  channel: z.enum(PUSH_CHANNELS),
  /** `notSetUp`: the platform has no SMTP server / official account; `unbound`: the user has no verified
   * mailbox / no subscribed browser / no bound account; `ready`: messages can go. */
  state: z.enum(['notSetUp', 'unbound', 'ready']),
  /** How many recipients the user has on it (verified mailboxes, subscribed browsers, bound accounts). */
  recipients: z.number().int(),
});
export const ChannelStatesSchema = z.array(ChannelStateSchema);
export type ChannelState = z.infer<typeof ChannelStateSchema>;

/** Body of POST push/test: sends a test message to every recipient the caller has on `channel`. */
export const PushTestSchema = z.object({
  channel: z.enum(PUSH_CHANNELS, { error: 'common.illegalInput' }),
  languageId: languageIdField,
});

/** Delivery states of the log (issue 20 §6). */
export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'suppressed', 'waiting'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** GET push/log query. */
export const PushLogQuerySchema = z.object({
  pageNum: pageNumField.default(1),
  pageSize: pageSizeField.default(10),
  languageId: languageIdField,
});
/** One message of the log; the recipient is masked (e-mail `a***@example.com`, an app `Chrome on …`). */
export const DeliverySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** alarm | cleared | digest | report | test */
  kind: z.string(),
  channel: z.enum(PUSH_CHANNELS),
  recipient: z.string(),
  status: z.enum(DELIVERY_STATES),
  /** Why it was suppressed, failed or waits (localized). */
  reason: z.string().nullable(),
  /** What it was about: the alarm's site and code, or the report's period. */
  subject: z.string(),
});
export type Delivery = z.infer<typeof DeliverySchema>;
export const DeliveryPageSchema = z.object({ rows: z.array(DeliverySchema), total: z.number().int() });

/** GET push/app/key: the VAPID public key (RFC 8292), base64url, for PushManager.subscribe. */
export const AppKeySchema = z.object({ publicKey: z.string() });
/** Body of push/app/subscribe: a PushSubscription as the browser gives it (RFC 8030 endpoint, RFC 8291 keys). */
export const AppSubscribeSchema = z.object({
  endpoint: safeString(2048).url({ error: 'push.badEndpoint' }),
  keys: z.object({
    p256dh: safeString(200).regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'common.illegalInput' }),
    auth: safeString(100).regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'common.illegalInput' }),
  }),
  languageId: languageIdField,
});
/** Body of push/app/unsubscribe. */
export const AppUnsubscribeSchema = z.object({
  endpoint: safeString(2048).url({ error: 'push.badEndpoint' }),
  languageId: languageIdField,
});

/** GET push/account/qrcode: a parametric QR code with a one-time scene (WeChat `QR_STR_SCENE`). */
export const AccountQrSchema = z.object({
  /** What the QR code encodes (the URL WeChat returned), for the web to draw. */
  url: z.string(),
  /** ISO time the scene stops binding. */
  expiresAt: z.string(),
});

/** The console's official-account settings (GET manage/push/account; the secret is never returned). */
export const AccountSettingsSchema = z.object({
  configured: z.boolean(),
  appId: z.string(),
  hasSecret: z.boolean(),
  token: z.string(),
  apiBase: z.string(),
  alarmTemplateId: z.string(),
  reportTemplateId: z.string(),
  /** The server URL to enter in the official account's console. */
  callbackPath: z.string(),
});
/** Body of POST manage/push/account; an empty appSecret keeps the stored one. */
export const AccountSettingsBodySchema = z.object({
  appId: safeString(64, { trim: true }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'common.illegalInput' }),
  appSecret: safeString(128).optional(),
  token: safeString(64).regex(/^[A-Za-z0-9]{3,32}$/, { error: 'common.illegalInput' }),
  apiBase: safeString(200, { trim: true }).url({ error: 'validation.url' }),
  alarmTemplateId: safeString(128, { trim: true }).min(1, { error: 'validation.required' }),
  reportTemplateId: safeString(128, { trim: true }).min(1, { error: 'validation.required' }),
  languageId: languageIdField,
});

/** The console's view of every channel's outbox (issue 20 §6). */
export const ChannelOutboxSchema = z.object({
  channel: z.enum(PUSH_CHANNELS),
  setUp: z.boolean(),
  queued: z.number().int(),
  waiting: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  suppressed: z.number().int(),
  /** Attempts that failed and were retried, since start of the log. */
  retries: z.number().int(),
});
export const ChannelOutboxesSchema = z.array(ChannelOutboxSchema);
