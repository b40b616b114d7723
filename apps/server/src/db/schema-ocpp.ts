/**
 * Tables of the OCPP 1.6J central system (issue 22, docs/ocpp.md). A charger is a `devices` row
 * (device_type charger, serial_number = its OCPP identity, secret_hash = SHA-256 of its Basic-auth key);
 * these tables hold what OCPP adds: each connector's live status, the site's id tags and the charging
 * sessions (transactions). Exported through schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices, stations, users } from './schema';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Connector status of a charger as its last StatusNotification said (connector 0 is the whole charger). */
export const chargerConnectors = pgTable(
  'charger_connectors',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull(),
    /** OCPP ChargePointStatus (Available, Charging, Faulted…). */
    status: text('status').notNull(),
    /** OCPP ChargePointErrorCode; NoError when fine. */
    errorCode: text('error_code').notNull(),
    info: text('info'),
    vendorErrorCode: text('vendor_error_code'),
    /** The charger's timestamp of the notification (else when it arrived); an older one changes nothing. */
    statusAt: tz('status_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.connectorId] })],
);

/** The id tags (RFID cards, app tokens) that may charge at a site: Authorize answers Accepted for them. */
export const chargingIdTags = pgTable(
  'charging_id_tags',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** OCPP IdToken: at most 20 characters, compared case-insensitively (CiString20Type). */
    idTag: text('id_tag').notNull(),
    name: text('name'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('charging_id_tags_station_tag').on(t.stationId, sql`lower(${t.idTag})`)],
);

/** Transaction ids handed to chargers: one sequence, so ids never collide across chargers or processes. */
export const ocppTransactionId = pgSequence('ocpp_transaction_id', { startWith: 1, maxValue: 2147483647 });

/**
 * A charging session (OCPP transaction). A replayed StartTransaction (same charger, connector, id tag,
 * meterStart and timestamp) finds its row through charging_sessions_start and gets the same id. A session
 * the platform had to close itself (a new start on its connector) has `stopInferred`; the charger's own
 * StopTransaction, replayed later, still overwrites it. Energy in Wh = meterStop − meterStart.
 */
export const chargingSessions = pgTable(
  'charging_sessions',
  {
    /** The OCPP transactionId (int32), from ocpp_transaction_id. */
    id: integer('id').primaryKey().default(sql`nextval('ocpp_transaction_id')`),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    connectorId: integer('connector_id').notNull(),
    idTag: text('id_tag').notNull(),
    /** Accepted, Invalid… as answered to the start. */
    authStatus: text('auth_status').notNull(),
    reservationId: integer('reservation_id'),
    meterStart: doublePrecision('meter_start').notNull(),
    startedAt: tz('started_at').notNull(),
    /** Latest energy register reading of the session (MeterValues with its transactionId), Wh. */
    meterLast: doublePrecision('meter_last'),
    meterStop: doublePrecision('meter_stop'),
    stoppedAt: tz('stopped_at'),
    energyWh: doublePrecision('energy_wh'),
    /** OCPP Reason (Local, Remote, EVDisconnected…), or Replaced when a new start closed it. */
    stopReason: text('stop_reason'),
    stopIdTag: text('stop_id_tag'),
    stopInferred: boolean('stop_inferred').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charging_sessions_start').on(t.deviceId, t.connectorId, t.idTag, t.meterStart, t.startedAt),
    index('charging_sessions_open').on(t.deviceId, t.connectorId).where(sql`${t.stoppedAt} IS NULL`),
    index('charging_sessions_station').on(t.stationId, t.startedAt),
  ],
);

/**
 * A StopTransaction naming a transaction the platform does not know (never started here, or a charger's
 * own placeholder id): answered as OCPP requires and kept here, once per charger, id and time.
 */
export const chargingUnmatchedStops = pgTable(
  'charging_unmatched_stops',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    transactionId: integer('transaction_id').notNull(),
    idTag: text('id_tag'),
    meterStop: doublePrecision('meter_stop').notNull(),
    stoppedAt: tz('stopped_at').notNull(),
    reason: text('reason'),
    receivedAt: tz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('charging_unmatched_stops_once').on(t.deviceId, t.transactionId, t.stoppedAt)],
);

/**
 * A call the platform makes to a charger (docs/ocpp.md "Operating a charger", decision 0025): who asked
 * (the audit record: user, login name, address), the OCPP action and payload, and its state (contract
 * ocpp-charger.ts CHARGER_COMMAND_STATES) with each step's time. The charger's commands go with it.
 */
export const chargerCommands = pgTable(
  'charger_commands',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** OCPP action (RemoteStartTransaction, Reset…). */
    action: text('action').notNull(),
    /** The call's payload as sent. */
    params: jsonb('params').notNull(),
    /** queued | sent | accepted | rejected | timedOut | failed */
    state: text('state').notNull(),
    /** The answer's status (Accepted, Rejected, Unlocked…). */
    status: text('status'),
    /** The whole answer. */
    result: jsonb('result'),
    /** The CALLERROR code, or why it failed (notConnected, notDelivered). */
    error: text('error'),
    /** Who asked; null for the platform's own calls (smart charging). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Login name of who asked, kept when the account goes. */
    userName: text('user_name'),
    /** Address the request came from. */
    ip: text('ip'),
    createdAt: tz('created_at').notNull().defaultNow(),
    sentAt: tz('sent_at'),
    answeredAt: tz('answered_at'),
  },
  (t) => [
    index('charger_commands_device').on(t.deviceId, t.id),
    index('charger_commands_open').on(t.state, t.createdAt).where(sql`state IN ('queued', 'sent')`),
  ],
);

/**
 * Which server process holds each charger's WebSocket now (one row per connected charger): a command is
 * handed to that node's queue. Written on connect, removed on disconnect by the node that still holds it.
 */
export const ocppConnections = pgTable('ocpp_connections', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** NODE_NAME (or the host name) of the process. */
  node: text('node').notNull(),
  connectedAt: tz('connected_at').notNull().defaultNow(),
});

/**
 * Smart charging (issue 22 item 5): the limit last sent to each charger as its site-limit profile, W per
 * connector, so that a recomputation sends only what changed. Forgotten when the charger boots (it is
 * sent again) and when the site's limit is lifted (the profile is cleared).
 */
export const chargerSiteLimits = pgTable('charger_site_limits', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  limitW: integer('limit_w').notNull(),
  sentAt: tz('sent_at').notNull().defaultNow(),
});

/**
 * Solar charging (issue 33, docs/ocpp.md "Solar charging"): a charger's mode (contract SOLAR_MODES), its
 * minimum current and phases, the controller's hysteresis (started, since when a delay runs), its last
 * decision as the Chargers card shows it, and what was last sent (so only changes go out). No row: the
 * charger is not under solar control.
 */
export const chargerSolar = pgTable('charger_solar', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  connectorId: integer('connector_id').notNull().default(1),
  mode: text('mode').notNull(),
  /** A per phase, 6–32. */
  minCurrentA: integer('min_current_a').notNull().default(6),
  /** 1 or 3; null: the charger's own (3 unless its rating says one phase). */
  phases: integer('phases'),
  /** 0–9, higher first: who gets the surplus first when several chargers share it (issue 33). */
  priority: integer('priority').notNull().default(0),
  enabled: boolean('enabled').notNull().default(false),
  timerSince: tz('timer_since'),
  /** The last decision: A per phase, its reason (contract SOLAR_REASONS), the power it waits for, W. */
  limitA: doublePrecision('limit_a'),
  reason: text('reason'),
  needW: integer('need_w'),
  /** When the running enable or disable delay ends. */
  delayUntil: tz('delay_until'),
  /** The site's surplus at the last decision, W; null without fresh meter data. */
  surplusW: integer('surplus_w'),
  decidedAt: tz('decided_at'),
  /** The limit last sent, A per phase, and the transaction it was sent for (null: TxDefaultProfile). */
  sentLimitA: doublePrecision('sent_limit_a'),
  sentTransactionId: integer('sent_transaction_id'),
});

/**
 * Solar charging: each charger's energy per day of its site's time zone, Wh: charged, and the part of it
 * that the surplus covered (the solar share is solar_wh / charged_wh). Added at each controller step.
 */
export const chargerSolarDays = pgTable(
  'charger_solar_days',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    chargedWh: doublePrecision('charged_wh').notNull().default(0),
    solarWh: doublePrecision('solar_wh').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);
