/**
 * Tables of push (issue 20, docs/push.md): users' rules, receiving mailboxes, the browsers subscribed to
 * Web Push, official-account bindings, the alarm events waiting to be fanned out, and the delivery log,
 * which is also each channel's outbox. Exported through schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { alarms, mailOutbox, users } from './schema';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A user's push rule (spec §3 push configuration; contract PushRuleSaveSchema). */
export const pushRules = pgTable(
  'push_rules',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** alarm | data | alarmReport | generation */
    kind: text('kind').notNull(),
    channels: text('channels').array().notNull(),
    stationIds: integer('station_ids').array().notNull().default(sql`'{}'::int[]`),
    deviceIds: integer('device_ids').array().notNull().default(sql`'{}'::int[]`),
    alarmLevels: text('alarm_levels').array().notNull().default(sql`'{}'::text[]`),
    notifyCleared: boolean('notify_cleared').notNull().default(false),
    period: text('period'),
    pushTime: text('push_time'),
    receiveLanguageId: integer('receive_language_id').notNull(),
    mailboxIds: integer('mailbox_ids').array().notNull().default(sql`'{}'::int[]`),
    quietFrom: text('quiet_from'),
    quietTo: text('quiet_to'),
    enabled: boolean('enabled').notNull().default(true),
    /** Report rules: the key of the last period pushed (report-period.ts), so each is pushed once. */
    lastPeriod: text('last_period'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('push_rules_user').on(t.userId), index('push_rules_kind').on(t.kind)],
);

/** A receiving mailbox (spec §2): only a verified one receives pushes. */
export const pushMailboxes = pgTable(
  'push_mailboxes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    verifiedAt: tz('verified_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_mailboxes_user_email').on(t.userId, sql`lower(${t.email})`)],
);

/** A browser subscribed to Web Push (RFC 8030 endpoint, RFC 8291 keys). */
export const pushAppSubscriptions = pgTable(
  'push_app_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Browser and system, as the user agent says, for the log and the settings page. */
    agent: text('agent'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_app_subscriptions_user').on(t.userId)],
);

/** A user's binding to the official account: the openid its callback reported for a scanned scene. */
export const pushAccountBindings = pgTable('push_account_bindings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  openid: text('openid').notNull().unique(),
  boundAt: tz('bound_at').notNull().defaultNow(),
});

/** One-time scenes of binding QR codes: a scan or subscribe event with the scene binds its user. */
export const pushAccountScenes = pgTable('push_account_scenes', {
  scene: text('scene').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
});

/**
 * Alarm changes waiting to be fanned out to pushes: written by triggers on `alarms` in the transaction
 * that raises or clears the alarm (whatever raised it), claimed by the alarm-push job.
 */
export const alarmPushEvents = pgTable('alarm_push_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  alarmId: bigint('alarm_id', { mode: 'number' })
    .notNull()
    .references(() => alarms.id, { onDelete: 'cascade' }),
  /** raised | cleared */
  event: text('event').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/**
 * Every message push makes, one per (what it is about, channel, recipient): the delivery log of
 * push/log and each channel's outbox. `dedupeKey` is unique, so an alarm occurrence, a report period or a
 * digest slot gives one message per channel and recipient however often it is fanned out.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => pushRules.id, { onDelete: 'set null' }),
    /** alarm | cleared | digest | report | test */
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    /** E-mail address, app subscription id, or openid. */
    recipient: text('recipient').notNull(),
    /** queued | sent | failed | suppressed | waiting */
    status: text('status').notNull().default('queued'),
    /** Catalogue key of the reason (push.reason.*) or the channel's error text. */
    reason: text('reason'),
    attempts: smallint('attempts').notNull().default(0),
    stationId: integer('station_id'),
    alarmId: bigint('alarm_id', { mode: 'number' }),
    /** The message as rendered in the rule's language: subject, text, html, link, and the report period. */
    message: jsonb('message').notNull(),
    /** E-mail: the outbox row that carries it (its state is this delivery's). */
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    index('push_deliveries_user').on(t.userId, t.createdAt),
    index('push_deliveries_channel_status').on(t.channel, t.status),
    // The mail sender's settled mails are matched to their delivery (metrics.ts) by mail id.
    index('push_deliveries_mail').on(t.mailId),
  ],
);
