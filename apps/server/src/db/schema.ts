/**
 * Drizzle schema of every table (spec §3 entities). Migrations in apps/server/drizzle/ are generated
 * from this file (`npm run db:generate`) and committed; `telemetry` is range-partitioned by month in
 * its migration (Drizzle does not model partitions), see docs/decisions/0004-telemetry-storage.md.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** bytea as a Node Buffer (Drizzle has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Spec §3 Language: id, languageCode, languageName. */
export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  languageCode: text('language_code').notNull().unique(),
  languageName: text('language_name').notNull(),
});

/** Spec §3 dictionaries: sys_timezone (IANA zones), sys_currencysymbol. */
export const dictionaries = pgTable(
  'dictionaries',
  {
    id: serial('id').primaryKey(),
    dictType: text('dict_type').notNull(),
    dictLabel: text('dict_label').notNull(),
    dictValue: text('dict_value').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('dictionaries_type_value').on(t.dictType, t.dictValue)],
);

/** Station templates keyed by id (spec §3); templateCode is what station calls pass. */
export const stationTemplates = pgTable('station_templates', {
  id: integer('id').primaryKey(),
  templateCode: text('template_code').notNull().unique(),
  systemType: smallint('system_type').notNull(),
  name: text('name').notNull(),
  deviceTypes: text('device_types').array().notNull(),
});

/** Spec §3 User. usertype: 1 standard, 2 premium, 3 protocol, 4 fourth. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  loginName: text('login_name').notNull().unique(),
  userName: text('user_name').notNull(),
  nickname: text('nickname'),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  phone: text('phone'),
  usertype: smallint('usertype').notNull().default(1),
  timeZone: text('time_zone').notNull().default('UTC'),
  avatar: text('avatar'),
  passwordHash: text('password_hash').notNull(),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  languageId: integer('language_id').notNull().default(1),
  disabled: boolean('disabled').notNull().default(false),
  /** E-mail asked for by user/email/active, becoming `email` once its code is verified. */
  pendingEmail: text('pending_email'),
  /** Report subscription (spec §1): term in months and end, null without a plan. */
  planMonths: smallint('plan_months'),
  planExpiresAt: tz('plan_expires_at'),
  /** When the "your plan ends soon" mail was queued for the current plan (issue 24 item 15); null: not yet. */
  planReminderSentAt: tz('plan_reminder_sent_at'),
  /** Spec §9 quantity limits set by the administrator; null means the contract's default. */
  maxStations: integer('max_stations'),
  maxDevices: integer('max_devices'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/**
 * Report-plan orders (issue 24 item 15): a user orders a plan, customer service confirms the payment in
 * the console, and the user's type and plan end follow. At most one pending order per user.
 */
export const planOrders = pgTable(
  'plan_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    months: smallint('months').notNull(),
    /** Fee of the term in yuan. */
    amountYuan: integer('amount_yuan').notNull(),
    /** pending | confirmed | cancelled */
    state: text('state').notNull().default('pending'),
    /** Who the invoice names (issue 35 item 4): the payer's name, null when no invoice was asked. */
    invoiceName: text('invoice_name'),
    /** The payer's ID number or company tax number, with invoiceName. */
    invoiceIdNumber: text('invoice_id_number'),
    createdAt: tz('created_at').notNull().defaultNow(),
    confirmedAt: tz('confirmed_at'),
    /** The administrator who confirmed the payment. */
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('plan_orders_one_pending').on(t.userId).where(sql`${t.state} = 'pending'`),
    index('plan_orders_created').on(t.createdAt),
  ],
);

/**
 * E-mail verification codes (issue 3 §10): only a hash is stored, bound to purpose and address,
 * single-use (usedAt), dead after expiresAt, at most 3 wrong tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** register | email_verify | password_back */
    purpose: text('purpose').notNull(),
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: smallint('tries').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('verification_codes_lookup').on(t.purpose, t.address)],
);

/** Transactional outbox of outgoing mail: written in the request's transaction, delivered by a job. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Issue 20: an HTML alternative of `body` (push messages), and one attachment (a report's .xlsx). */
    html: text('html'),
    attachmentName: text('attachment_name'),
    attachment: bytea('attachment'),
    /** pending | sent | failed (gave up after the last retry) */
    state: text('state').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: tz('created_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
    /**
     * What queued it, for those who count settled mail by kind: `push` (a push delivery's e-mail), or null.
     * Set on insert, so the sender knows without a query per mail (issue 36 §2).
     */
    origin: text('origin'),
    /**
     * How many push deliveries the mail carries: several when alarm messages for one mailbox were grouped
     * into one mail (push/channels/email.ts), else 1. The push counter counts each (issue 36 §2).
     */
    carries: smallint('carries').notNull().default(1),
  },
  (t) => [index('mail_outbox_due').on(t.state, t.nextAttemptAt)],
);

/** Avatar images, kept in the database so every API node can serve them. */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** QR-code sign-in hand-offs (spec §7, issue 3 §5): waiting → scanned → confirmed | expired. */
export const qrLogins = pgTable('qr_logins', {
  id: text('id').primaryKey(),
  tscodeHash: text('tscode_hash').notNull(),
  state: text('state').notNull().default('waiting'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  getTokenHash: text('get_token_hash'),
  browser: text('browser').notNull(),
  ip: text('ip').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  consumedAt: tz('consumed_at'),
});

/** Mobile app versions shown by /download/app and /update/version (app/version/last). */
export const appVersions = pgTable('app_versions', {
  id: serial('id').primaryKey(),
  platform: text('platform').notNull(),
  versionName: text('version_name').notNull(),
  versionCode: integer('version_code').notNull(),
  downloadUrl: text('download_url'),
  releaseNotes: text('release_notes').notNull(),
  forceUpdate: boolean('force_update').notNull().default(false),
  publishedAt: tz('published_at').notNull().defaultNow(),
});

/** Sessions: the token itself is never stored, only its SHA-256 (issue 3 §10). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Key-value settings kept across restarts: RSA key pair, simulator secret, SMTP settings. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** Spec §3 Site (Station). capacity in kWp; coordinates in degrees (WGS84). */
export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    capacityKw: doublePrecision('capacity_kw').notNull(),
    systemType: smallint('system_type').notNull(),
    templateCode: text('template_code').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    timeZone: text('time_zone').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** Area tree code (spec §3 Area tree); null until the area tree exists or when not chosen. */
    areaCode: text('area_code'),
    /** Charging sites (issue 22 item 5): the chargers' power limit, kW, smart charging divides; null: none. */
    chargeLimitKw: doublePrecision('charge_limit_kw'),
    /** Solar charging (issue 33): above this SOC a charging home battery gives way to the cars, %. */
    solarBatteryPrioritySoc: integer('solar_battery_priority_soc').notNull().default(80),
    /** Solar charging: seconds the surplus must cover a `pv` charger's minimum before it starts. */
    solarEnableDelayS: integer('solar_enable_delay_s').notNull().default(60),
    /** Solar charging: seconds a started `pv` charger holds its minimum below it before it stops. */
    solarDisableDelayS: integer('solar_disable_delay_s').notNull().default(180),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('stations_owner_type').on(t.ownerId, t.systemType)],
);

/**
 * Spec §3 Group: a user's named folder of sites. Each user has one default group (`isDefault`), which
 * cannot be deleted and holds every site the user sees that has no row in `groupStations`.
 */
export const stationGroups = pgTable(
  'station_groups',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('station_groups_owner_name').on(t.ownerId, t.name),
    uniqueIndex('station_groups_one_default').on(t.ownerId).where(sql`${t.isDefault}`),
  ],
);

/**
 * Which of a user's groups a site sits under (spec §5: a site a user sees is under exactly one of their
 * groups): the key (userId, stationId) makes "exactly one" a database rule.
 */
export const groupStations = pgTable(
  'group_stations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => stationGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stationId] }), index('group_stations_group').on(t.groupId)],
);

/**
 * History deletions queued by site deletion and device removal (issue 7 §1): a job deletes the
 * telemetry of `deviceIds` older than `queuedAt`, so data a re-added device sends later is kept.
 */
export const historyPurges = pgTable('history_purges', {
  id: serial('id').primaryKey(),
  deviceIds: integer('device_ids').array().notNull(),
  queuedAt: tz('queued_at').notNull().defaultNow(),
  doneAt: tz('done_at'),
});

/**
 * Spec §3 Device, and the device inventory: a device with a null stationId is in stock (imported by the
 * administrator, or removed from its site) and can be added to a site by its two serial numbers.
 * deviceType: inverter | battery | meter | charger | ups | sensor.
 * secretHash: SHA-256 of the per-device MQTT secret (secrets are 256-bit random, so a fast hash suffices).
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    serialNumber: text('serial_number').notNull().unique(),
    commSerialNumber: text('comm_serial_number'),
    deviceType: text('device_type').notNull(),
    model: text('model'),
    manufacturer: text('manufacturer'),
    softwareVersion: text('software_version'),
    hardwareVersion: text('hardware_version'),
    ratedPowerW: doublePrecision('rated_power_w'),
    capacityWh: doublePrecision('capacity_wh'),
    secretHash: text('secret_hash').notNull(),
    /**
     * How the device reaches the platform: `mqtt` (docs/device-protocol.md) or `ocpp` (a charger speaking
     * OCPP 1.6J, docs/ocpp.md; its secret is its Basic-auth key). A device logs in by its own protocol only.
     */
    protocol: text('protocol').notNull().default('mqtt'),
    /**
     * The parameters (device-params.ts keys) a gateway announced this device can take (issue 32,
     * docs/device-protocol.md §11); null: the device type's list (PARAMS_OF_TYPE).
     */
    writableParams: jsonb('writable_params').$type<string[]>(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('devices_station').on(t.stationId)],
);

/**
 * Raw samples, one row per device and timestamp (dedupe key). Typed columns hold what queries read
 * (W, SoC, the two energy counters); `points` keeps the whole SunSpec-named payload.
 * eIn/eOut meaning by device type is in docs/device-protocol.md (e.g. meter: TotWhImp/TotWhExp).
 */
export const telemetry = pgTable(
  'telemetry',
  {
    deviceId: integer('device_id').notNull(),
    ts: tz('ts').notNull(),
    w: real('w'),
    soc: real('soc'),
    eIn: doublePrecision('e_in'),
    eOut: doublePrecision('e_out'),
    points: jsonb('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] })],
);

/** 5-minute rollup maintained by the ingest writer from newly inserted samples only. */
export const telemetry5min = pgTable(
  'telemetry_5min',
  {
    deviceId: integer('device_id').notNull(),
    bucket: tz('bucket').notNull(),
    wSum: doublePrecision('w_sum').notNull().default(0),
    wCount: integer('w_count').notNull().default(0),
    socLast: real('soc_last'),
    eInMax: doublePrecision('e_in_max'),
    eOutMax: doublePrecision('e_out_max'),
    lastTs: tz('last_ts').notNull(),
    // --- issue 12 (energy): energy integrated from power, and index-only "last counter before" ---
    /**
     * Wh of the bucket integrated from W by the trapezoid rule over consecutive samples (a step
     * longer than the device type's gap limit counts as none), split by the sign of the power; the
     * writer recomputes every bucket a new sample's neighbouring steps cross. Null: no step.
     */
    whPos: doublePrecision('wh_pos'),
    whNeg: doublePrecision('wh_neg'),
    /**
     * Whether the bucket holds a counter reading: the partial indexes' predicates. A predicate on
     * e_in_max itself made every update of a bucket with a counter a non-HOT update (the column changes
     * with each sample), so each batch added a version to all three indexes; these flags change once,
     * when the bucket gets its first reading (issue 36, docs/benchmarks.md "eighteenth pass").
     */
    hasEIn: boolean('has_e_in').generatedAlwaysAs(sql`e_in_max IS NOT NULL`),
    hasEOut: boolean('has_e_out').generatedAlwaysAs(sql`e_out_max IS NOT NULL`),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.bucket] }),
    // Partial indexes: the last counter reading before an instant is one index probe even when a
    // device has no counter at all (issue 12).
    index('telemetry_5min_e_in').on(t.deviceId, t.bucket).where(sql`has_e_in`),
    index('telemetry_5min_e_out').on(t.deviceId, t.bucket).where(sql`has_e_out`),
  ],
);

/** Latest values per device, for live views; online = lastSeen within DEVICE_OFFLINE_AFTER_MS. */
export const deviceLatest = pgTable('device_latest', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  ts: tz('ts').notNull(),
  w: real('w'),
  soc: real('soc'),
  eIn: doublePrecision('e_in'),
  eOut: doublePrecision('e_out'),
  points: jsonb('points').notNull(),
  lastSeenAt: tz('last_seen_at').notNull(),
});

/** Spec §3 alarm current and history: current while clearedAt is null. Levels per spec §4. */
export const alarms = pgTable(
  'alarms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    alarmCode: text('alarm_code').notNull(),
    alarmLevel: smallint('alarm_level').notNull(),
    alarmDesc: text('alarm_desc').notNull(),
    startedAt: tz('started_at').notNull(),
    clearedAt: tz('cleared_at'),
    // ---- issue 9 (alarms): where an alarm comes from and which catalogue describes it ----
    /** device (code sent by the device) | offline (communication loss) | rule (threshold rule). */
    source: text('source').notNull().default('device'),
    /** Fault-table family of alarm-catalog (modules/alarms/catalog.ts) that translates alarmCode. */
    catalog: text('catalog'),
    // set null: deleting a rule keeps its history; its open alarm clears at the next evaluation.
    ruleId: integer('rule_id').references(() => alarmRules.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('alarms_station_current').on(t.stationId, t.clearedAt),
    // issue 9: one open alarm per device and code, across restarts and processes (insert … on conflict
    // do nothing relies on it).
    uniqueIndex('alarms_open_once').on(t.deviceId, t.alarmCode).where(sql`${t.clearedAt} IS NULL`),
    index('alarms_station_started').on(t.stationId, t.startedAt),
    // ---- gaps (issue 9 text filter): alarms of the devices whose name matches, without a scan. The
    // pg_trgm GIN indexes on alarm_desc, alarm_code, devices.name and stations.name are in the
    // migration's custom SQL (drizzle-kit cannot create the extension first). ----
    index('alarms_device_started').on(t.deviceId, t.startedAt),
    // ---- issue 10 §6 (badgecache): the active alarms alone, so the badge cache's per-station count
    // (modules/social/badge-cache.ts) reads only them however long the history grows. The triggers that
    // tell the cache what changed are in migration 0009's custom SQL. ----
    index('alarms_active').on(t.stationId, t.alarmLevel).where(sql`${t.clearedAt} IS NULL`),
  ],
);

// ---- issue 9 (alarms): threshold rules set by a site's owner, and their per-device breach state ----

/**
 * A threshold rule of a site: `point` (SunSpec name of device_latest.points) of its devices (of
 * `deviceType`, or all) above/below `threshold` for `durationS` seconds raises an alarm of `level`
 * (code RULE-<id>); it clears once the value is back.
 */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    deviceType: text('device_type'),
    point: text('point').notNull(),
    op: text('op').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    durationS: integer('duration_s').notNull(),
    level: smallint('level').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('alarm_rules_station').on(t.stationId)],
);

/** Since when a device breaches a rule (a row exists only while it does). */
export const alarmRuleState = pgTable(
  'alarm_rule_state',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alarmRules.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    since: tz('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.deviceId] })],
);

// ---------------------------------------------------------------------------------------------------
// Issue 10: friends, site sharing, station attachment. Request statuses of spec §4: 1 pending,
// 2 accepted, 3 refused, 4 voided (the asker sees a pending request of their own as "sent").
// ---------------------------------------------------------------------------------------------------

/**
 * Friend requests and friendships (spec §3 Friend request): one row per ask. At most one live row (pending
 * or accepted) per unordered pair, so "do not add a friend twice" (spec §5) is a database rule.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: integer('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The login name as the requester typed it in askfor: all the requester sees until the other agrees.
     * Filled by askfor and for older rows by migration 0013; null only for rows written by hand (read
     * as the addressee's login name).
     */
    askedName: text('asked_name'),
    status: smallint('status').notNull().default(1),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    answeredAt: tz('answered_at'),
  },
  (t) => [
    uniqueIndex('friendships_live_pair')
      .on(sql`least(${t.requesterId}, ${t.addresseeId})`, sql`greatest(${t.requesterId}, ${t.addresseeId})`)
      .where(sql`${t.status} IN (1, 2)`),
    index('friendships_addressee').on(t.addresseeId, t.status),
  ],
);

/**
 * Sites shared with a friend (spec §3 Pending shared site). Accepted rows make the viewer a reader of the
 * site (modules/access/station-access.ts); one live row per (site, viewer).
 */
export const stationShares = pgTable(
  'station_shares',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    sharedAt: tz('shared_at').notNull().defaultNow(),
    answeredAt: tz('answered_at'),
  },
  (t) => [
    uniqueIndex('station_shares_live').on(t.stationId, t.viewerId).where(sql`${t.status} IN (1, 2)`),
    index('station_shares_viewer').on(t.viewerId, t.status),
  ],
);

/**
 * Station attachment (spec §3 Attachment: superId, subId): a subordinate station asks to sit under a
 * superior one. At most one live link (pending or accepted) per subordinate. `super_id` has no foreign key:
 * an ask may name an id that is no station, and then answers and stays exactly as an ask to a stranger's
 * station (docs/social.md). Triggers of migration 0013 void a superior's accepted links when it is deleted
 * and pending asks to an id when a station takes it.
 */
export const stationLinks = pgTable(
  'station_links',
  {
    id: serial('id').primaryKey(),
    superId: integer('super_id').notNull(),
    subId: integer('sub_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    askedAt: tz('asked_at').notNull().defaultNow(),
    answeredAt: tz('answered_at'),
  },
  (t) => [
    uniqueIndex('station_links_live_sub').on(t.subId).where(sql`${t.status} IN (1, 2)`),
    index('station_links_super').on(t.superId, t.status),
  ],
);

// ---- Issue 8: reports (tariffs per site, CO2 factors per country) ----

/**
 * A site's electricity tariff (issue 8 §3), in the site's currency: `buyPrice` per kWh bought
 * (flat, or outside every period), `feedInPrice` per kWh sold, and optional peak/valley `periods`
 * [{ from: 'HH:mm', to: 'HH:mm', price }] in site-local time; from > to crosses midnight.
 */
export const stationTariffs = pgTable('station_tariffs', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  buyPrice: doublePrecision('buy_price').notNull(),
  feedInPrice: doublePrecision('feed_in_price').notNull(),
  periods: jsonb('periods').$type<{ from: string; to: string; price: number }[]>().notNull().default([]),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** CO2 avoided per kWh produced, kg, per ISO country code; set by the administrator (issue 8 §3). */
export const co2Factors = pgTable('co2_factors', {
  country: text('country').primaryKey(),
  kgPerKwh: doublePrecision('kg_per_kwh').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

// ---- Issue 12: daily and monthly energy rollups per device (docs/energy.md "Rollups") ----

/**
 * Columns of an energy rollup row: per direction (e_in, e_out) the parts bucket-energy picks from, so
 * rows of consecutive days combine into the same figure the 5-minute rows give (energy-source.ts):
 * counter Wh (null: no reading), whether the counter had a reading before the row's first one
 * (`whole`), energy from power in that direction (Wh, null: no step), and the power energy before
 * the counter's first ever reading when that reading lies in the row (Wh).
 */
const rollupColumns = () => ({
  deviceId: integer('device_id').notNull(),
  inCounterWh: doublePrecision('in_counter_wh'),
  inWhole: boolean('in_whole').notNull().default(false),
  inPowerWh: doublePrecision('in_power_wh'),
  inPowerBeforeWh: doublePrecision('in_power_before_wh'),
  outCounterWh: doublePrecision('out_counter_wh'),
  outWhole: boolean('out_whole').notNull().default(false),
  outPowerWh: doublePrecision('out_power_wh'),
  outPowerBeforeWh: doublePrecision('out_power_before_wh'),
});

// ---- Issue 12 (powerroll): power and SOC in the day and month rollups (docs/energy.md "Rollups") ----

/**
 * Power columns of a rollup row, so 1-day and 1-month line buckets read one row per device and period
 * instead of its 5-minute rows: Σ w_sum and Σ w_count of the period's 5-minute rows (the bucket's
 * average W is Σ w_sum / Σ w_count across its rows), the latest SOC and the 5-minute bucket it came
 * from (`soc_at`; a month's is its last day's with an SOC).
 */
const rollupPowerColumns = () => ({
  wSum: doublePrecision('w_sum').notNull().default(0),
  wCount: integer('w_count').notNull().default(0),
  socLast: real('soc_last'),
  socAt: tz('soc_at'),
});

/**
 * Power of a device per local hour of its site (`bucket` = the hour's start; a half-hour DST shift
 * cuts a day's last hour short), from telemetry_5min by the rollup job in the pass that recomputes
 * the hour's day; read by lines of up to a week. Kept forever.
 */
export const telemetryHourly = pgTable(
  'telemetry_hourly',
  { deviceId: integer('device_id').notNull(), bucket: tz('bucket').notNull(), ...rollupPowerColumns() },
  (t) => [primaryKey({ columns: [t.deviceId, t.bucket] })],
);

/** Energy of a device per local day of its site (a DST day is 23 or 25 hours); kept forever. */
export const energyDaily = pgTable(
  'energy_daily',
  { ...rollupColumns(), ...rollupPowerColumns(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/** Energy of a device per local month of its site (`month` = its first day), from energy_daily. */
export const energyMonthly = pgTable(
  'energy_monthly',
  { ...rollupColumns(), ...rollupPowerColumns(), month: date('month', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.deviceId, t.month] })],
);

/**
 * (device, local day) whose energy_daily row is out of date: the ingest writer inserts it in the same
 * statement as the samples (ON CONFLICT DO NOTHING), the rollup job recomputes and deletes it.
 */
export const rollupDirty = pgTable(
  'rollup_dirty',
  { deviceId: integer('device_id').notNull(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);
export * from './schema-commands';
export * from './schema-ocpp';
export * from './schema-push';
